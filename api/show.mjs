const { PGlite } = await import("@electric-sql/pglite");
const db = await PGlite.create({ dataDir: process.argv[2] });
for (const s of ["shared_buffers","wal_buffers","max_connections","work_mem","maintenance_work_mem","fsync","synchronous_commit","full_page_writes","wal_level","max_wal_size","checkpoint_timeout","autovacuum"]) console.log(s, (await db.query(`show ${s}`)).rows[0]);
await db.close();
