import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface TestCertificate {
  keyFile: string;
  certFile: string;
}

/**
 * A throwaway self-signed certificate for 127.0.0.1 and localhost, made with openssl for one test
 * run (nothing secret is committed). Node trusts it only when NODE_EXTRA_CA_CERTS names it at
 * start, as a deployment would hand a private CA to the server.
 */
export function makeTestCertificate(dir: string): TestCertificate {
  const keyFile = path.join(dir, "push-test-key.pem");
  const certFile = path.join(dir, "push-test-cert.pem");
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
    "-subj", "/CN=voice-journal push test", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
    "-keyout", keyFile, "-out", certFile,
  ], { stdio: "ignore" });
  return { keyFile, certFile };
}

/** A CA bundle of the certificate and whatever NODE_EXTRA_CA_CERTS named before, for the test workers. */
export function extraCaBundle(dir: string, cert: TestCertificate): string {
  const bundle = path.join(dir, "extra-ca.pem");
  const before = process.env.NODE_EXTRA_CA_CERTS;
  const previous = before && fs.existsSync(before) ? `${fs.readFileSync(before, "utf8").trimEnd()}\n` : "";
  fs.writeFileSync(bundle, previous + fs.readFileSync(cert.certFile, "utf8"));
  return bundle;
}
