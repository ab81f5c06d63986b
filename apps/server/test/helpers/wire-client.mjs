/* global process, console, Buffer -- a Node script run by the tests (eslint.config.js declares no Node globals for .mjs) */
// A client in a process of its own, so that its writes run on their own clock and not between the
// server's: sends one request `times` times, the body written in pieces of `chunk` bytes (with its
// length declared, or chunked), on one kept-alive connection or a new one each time, and prints each answer's status, or the error that ended it, as JSON.
import { request } from 'node:http';

const { url, method, headers, bodyBase64, bodyRepeat, times, chunk, chunked, newConnections } = JSON.parse(
  process.argv[2],
);
const body = Buffer.from(bodyBase64, 'base64').toString('utf8').replace('{{REPEAT}}', 'x'.repeat(bodyRepeat));
const bytes = Buffer.from(body);

function send() {
  return new Promise((resolve) => {
    const sent = { ...headers, ...(chunked ? {} : { 'content-length': bytes.length }) };
    // A new connection for each request asks the server to close it after its answer (`Connection: close`).
    const req = request(
      url,
      { method, headers: sent, ...(newConnections ? { agent: false } : {}) },
      (res) => {
        let text = '';
        res.on('data', (piece) => (text += piece));
        res.on('end', () => resolve({ status: res.statusCode, code: JSON.parse(text || '{}').error?.code }));
        res.on('error', (error) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error('TIMEOUT')));
    req.on('error', (error) => resolve({ error: error.code ?? error.message }));
    let at = 0;
    const write = () => {
      while (at < bytes.length) {
        const more = req.write(bytes.subarray(at, at + chunk));
        at += chunk;
        if (!more) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

const answers = [];
for (let i = 0; i < times; i += 1) answers.push(await send());
console.log(JSON.stringify(answers));
