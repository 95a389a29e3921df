/**
 * The editor's static files on the server's own port: `/` is the page, the
 * folder's files come with their content types, and nothing outside the
 * folder is reachable (`..`, encoded or not, a symbolic link out of it).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CollabServer, settingsFromEnv, staticFiles } from '../src/index.ts';
import { startTestServer, tempDatabase } from './fixtures.ts';

/** A raw request, so paths reach the server exactly as written (no client-side normalising). */
function send(
  port: number,
  method: string,
  path: string,
): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the editor folder served at / (editorDir)', () => {
  let folder: string;
  let editorDir: string;
  let database: ReturnType<typeof tempDatabase>;
  let server: CollabServer;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'collab-static-'));
    editorDir = join(folder, 'dist');
    mkdirSync(join(editorDir, 'assets'), { recursive: true });
    writeFileSync(join(editorDir, 'index.html'), '<!doctype html><title>editor</title>');
    writeFileSync(join(editorDir, 'assets', 'main-1a2b.js'), 'console.log("editor");');
    writeFileSync(join(editorDir, 'assets', 'style.css'), 'body{}');
    writeFileSync(join(editorDir, 'assets', 'blob.xyz'), 'bytes');
    writeFileSync(join(folder, 'secret.txt'), 'outside the editor folder');
    symlinkSync(join(folder, 'secret.txt'), join(editorDir, 'link-out.txt'));
    database = tempDatabase();
    server = await startTestServer(database.path, { editorDir });
  });

  afterAll(async () => {
    await server?.close();
    database?.remove();
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves index.html at / and the link paths (?doc=&token=), as HTML', async () => {
    const page = await send(server.port, 'GET', '/');
    expect(page).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(page.body).toContain('<title>editor</title>');
    const link = (await server.links('ode')).edit;
    const linked = await send(server.port, 'GET', new URL(link).pathname + new URL(link).search);
    expect(linked.status).toBe(200);
    expect(linked.body).toContain('<title>editor</title>');
  });

  it('serves the folder’s files with their content types', async () => {
    expect(await send(server.port, 'GET', '/assets/main-1a2b.js')).toMatchObject({
      status: 200,
      type: 'text/javascript; charset=utf-8',
      body: 'console.log("editor");',
    });
    expect((await send(server.port, 'GET', '/assets/style.css')).type).toBe(
      'text/css; charset=utf-8',
    );
    expect((await send(server.port, 'GET', '/assets/blob.xyz')).type).toBe(
      'application/octet-stream',
    );
  });

  it('answers HEAD with the headers and no body, and other methods with 405', async () => {
    const head = await send(server.port, 'HEAD', '/assets/main-1a2b.js');
    expect(head).toMatchObject({ status: 200, body: '' });
    const put = await send(server.port, 'PUT', '/index.html');
    expect(put.status).toBe(405);
    expect((await send(server.port, 'DELETE', '/')).status).toBe(405);
  });

  it('is a 404 for unknown paths and folders', async () => {
    expect((await send(server.port, 'GET', '/nothing-here.js')).status).toBe(404);
    expect((await send(server.port, 'GET', '/assets')).status).toBe(404);
    expect((await send(server.port, 'GET', '/assets/')).status).toBe(404);
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/..%2fsecret.txt',
    '/..%5csecret.txt',
    '/%2e%2e%5csecret.txt',
    '/index.html%00.js',
    '/%E0%A4%A',
    '/link-out.txt',
  ])('never serves what lies outside the folder: %s', async (path) => {
    const answer = await send(server.port, 'GET', path);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('outside the editor folder');
  });

  it('leaves /mcp to the agent endpoint', async () => {
    const answer = await send(server.port, 'GET', '/mcp?doc=ode');
    expect(answer.status).not.toBe(200);
    expect(answer.body).not.toContain('<title>editor</title>');
  });

  it('resolves paths to files of the folder only', () => {
    const files = staticFiles(editorDir);
    expect(files.resolve('/')).toMatchObject({
      kind: 'file',
      contentType: 'text/html; charset=utf-8',
    });
    expect(files.resolve('/assets/../index.html')).toMatchObject({ kind: 'file' });
    expect(files.resolve('/assets/../../secret.txt')).toEqual({ kind: 'not-found' });
  });

  it('refuses a folder without index.html, saying to build the editor', () => {
    expect(() => staticFiles(folder)).toThrow(/no index\.html: build the web editor first/);
    expect(settingsFromEnv({ EDITOR_DIR: editorDir }).server.editorDir).toBe(editorDir);
    expect(settingsFromEnv({}).server.editorDir).toBeUndefined();
  });
});

describe('without editorDir', () => {
  it('keeps answering / with 404 and a hint', async () => {
    const database = tempDatabase();
    const server = await startTestServer(database.path);
    try {
      const answer = await send(server.port, 'GET', '/');
      expect(answer.status).toBe(404);
      expect(answer.body).toContain('edit or view link');
    } finally {
      await server.close();
      database.remove();
    }
  });
});
