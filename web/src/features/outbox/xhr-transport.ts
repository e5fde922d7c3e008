import type { Transport } from "./upload-recording";

/**
 * The page's transport: XMLHttpRequest, because fetch cannot report upload progress and a long
 * recording on a slow connection must show how far it got. Resolves with any HTTP answer;
 * rejects only when none came (offline, reset, aborted).
 */
export const xhrTransport: Transport = ({ url, headers, body, onProgress, signal }) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, body: xhr.responseText });
    xhr.onerror = () => reject(new Error("the connection failed"));
    xhr.ontimeout = () => reject(new Error("the upload timed out"));
    xhr.onabort = () => reject(new Error("the upload was aborted"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
