// The api suite's clients, in a child process of their own so that issuing requests and reading answers neither
// shares the server's event loop nor counts in the server process's CPU time. Plain JavaScript (no tsx needed).
//
// receives one message: { url, body, cookie, concurrency, maxRequests, maxSeconds }
// answers: { latencies (ms, one per answered request), seconds (wall), failures: [{status, text}] (first 5),
//            failed (count) }, then exits
import { once } from 'node:events';

const [{ url, body, cookie, concurrency, maxRequests, maxSeconds }] = await once(process, 'message');
const payload = JSON.stringify(body);
const deadline = performance.now() + maxSeconds * 1000;
const latencies = [];
const failures = [];
let failed = 0;
let issued = 0;

async function client() {
  while (issued < maxRequests && performance.now() < deadline) {
    issued += 1;
    const start = performance.now();
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: payload,
      });
      const text = await res.text();
      latencies.push(performance.now() - start);
      if (res.status !== 200) {
        failed += 1;
        if (failures.length < 5) failures.push({ status: res.status, text: text.slice(0, 300) });
      }
    } catch (error) {
      failed += 1;
      if (failures.length < 5) failures.push({ status: 0, text: String(error) });
    }
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, client));
process.send({ latencies, seconds: (performance.now() - started) / 1000, failures, failed }, () => process.exit(0));
