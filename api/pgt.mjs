const keep = setInterval(() => {}, 1000);
const t0 = performance.now();
const { PGlite } = await import("@electric-sql/pglite");
const db = await PGlite.create({ dataDir: process.argv[2] });
const t1 = performance.now();
await db.query("select 1");
await new Promise((r) => setTimeout(r, 0));
const t2 = performance.now();
// a modest query workload
await db.exec("create temp table t as select g, md5(g::text) as s from generate_series(1, 20000) g");
for (let i = 0; i < 200; i++) await db.query("select count(*) from t where s like $1", ["%ab%"]);
const t3 = performance.now();
console.log(`create ${(t1 - t0).toFixed(0)} ready ${(t2 - t0).toFixed(0)} workload ${(t3 - t2).toFixed(0)} ms`);
clearInterval(keep); await db.close();
