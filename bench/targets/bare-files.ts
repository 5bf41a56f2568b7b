// The vault bench's baseline: bare node:http copying request bodies to files and streaming them back, no
// parsing, no checks, no encryption. `POST /files` pipes the body to a new file under BENCH_DATA_DIR and answers
// `{"id":"<name>","bytes":<n>}`; `GET /files/<id>` streams that file back. stdout carries
// `{"listening":"http://127.0.0.1:<port>"}`.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { serveTarget } from '../lib/serve-target.ts';

const directory = process.env.BENCH_DATA_DIR;
if (!directory) throw new Error('BENCH_DATA_DIR must name the directory to write files to');

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  if (req.method === 'POST' && url === '/files') {
    const id = randomBytes(12).toString('hex');
    const file = createWriteStream(path.join(directory, id));
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    pipeline(req, file).then(
      () => send(res, 201, { id, bytes }),
      () => send(res, 500, { error: 'write failed' }),
    );
    return;
  }
  const id = /^\/files\/([0-9a-f]{24})$/.exec(url)?.[1];
  if (req.method === 'GET' && id) {
    const file = path.join(directory, id);
    stat(file).then(
      ({ size }) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
        pipeline(createReadStream(file), res).catch(() => res.destroy());
      },
      () => send(res, 404, { error: 'not found' }),
    );
    return;
  }
  send(res, 404, { error: 'not found' });
});
serveTarget(server);
