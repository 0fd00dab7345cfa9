#!/usr/bin/env node
// `kprove lsp` driven by Microsoft's LSP libraries for node: vscode-jsonrpc's
// stream reader and writer under vscode-languageserver-protocol's connection,
// the layer VS Code's language client (and so editors/vscode) is built on. The
// client announces what VS Code announces; the checks are what VS Code shows.
//
// Opens failing examples (PVL, OpenCL, CUDA) and a verified one, and checks each
// against its own header (`//: expect fail CODE LINE`, `//: expect verified`):
// the final diagnostics, the verdict notification, code lenses, hover on a
// contract clause; then shutdown and exit with code 0.
//
//   node e2e.js KPROVE SOURCE_DIR
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const { StreamMessageReader, StreamMessageWriter } = require('vscode-jsonrpc/node');
const {
  createProtocolConnection,
  CodeLensRequest,
  DiagnosticSeverity,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializeRequest,
  InitializedNotification,
  MarkupKind,
  PublishDiagnosticsNotification,
  ShutdownRequest,
} = require('vscode-languageserver-protocol/node');

const HARD_TIMEOUT_MS = 240 * 1000; // the whole run: it can never hang
let server; // kprove lsp, killed when the test fails

// languageId: what VS Code (with editors/vscode) sends for the file.
const EXAMPLES = [
  { file: 'examples/pvl/vector_add_wrong_post.pvl', languageId: 'pvl' },
  { file: 'examples/opencl/vector_add_wrong_post.cl', languageId: 'opencl' },
  { file: 'examples/cuda/vector_add_wrong_post.cu', languageId: 'cuda-cpp' },
  { file: 'examples/opencl/vector_add.cl', languageId: 'opencl' },
];

let passes = 0;
function check(condition, what) {
  if (!condition) throw new Error(what);
  passes++;
  console.log('ok:', what);
}

// The example's expectation, as tests/corpus_check.cpp reads it: the verdict and
// the (code, line) of each failure, plus follow-on failures it may also report.
function expectation(text, file) {
  check(!text.includes('//: flags '), `${file} needs no command-line flags (the server takes none per file)`);
  const exp = { verdict: null, failures: [], mayAlso: [] };
  for (const line of text.split('\n')) {
    let m = line.match(/\/\/: may also fail (\S+) (\d+)/);
    if (m) {
      exp.mayAlso.push({ code: m[1], line: Number(m[2]) });
      continue;
    }
    m = line.match(/\/\/: expect (\w+)(?: (\S+) (\d+))?/);
    if (!m) continue;
    exp.verdict = m[1] === 'fail' ? 'failed' : m[1];
    if (m[2]) exp.failures.push({ code: m[2], line: Number(m[3]) });
  }
  check(exp.verdict === 'verified' || (exp.verdict === 'failed' && exp.failures.length > 0),
    `${file}: header says '${exp.verdict}'${exp.failures.map((f) => ` ${f.code} ${f.line}`).join('')}`);
  return exp;
}

function before(a, b) {
  return a.line < b.line || (a.line === b.line && a.character <= b.character);
}

// A range is sane when it is ordered and lies within the text.
function sane(range, lines) {
  const { start, end } = range;
  return before(start, end) && end.line < lines.length && end.character <= lines[end.line].length;
}

// The 0-based position of the first contract keyword on a (0-based) line.
function clauseOn(lines, line) {
  const m = lines[line].match(/\b(requires|ensures|context_everywhere|context)\b/);
  return m ? { line, character: m.index } : null;
}

async function main() {
  const [kprove, source] = process.argv.slice(2);
  if (!kprove || !source) throw new Error('usage: e2e.js KPROVE SOURCE_DIR');
  const started = Date.now();

  server = spawn(kprove, ['lsp', '--timeout', '30'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let shuttingDown = false;
  // A server that cannot start, or dies, fails the test at once rather than at
  // the deadline.
  server.on('error', (e) => fail(`cannot run ${kprove}: ${e.message}`));
  const exited = new Promise((resolve) =>
    server.on('exit', (code, signal) => {
      if (!shuttingDown) fail(`the server exited unasked (code ${code}${signal ? `, ${signal}` : ''})`);
      resolve({ code, signal });
    }));
  const connection = createProtocolConnection(
    new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));

  // The latest diagnostics per URI, and a promise per (uri, version) that the
  // server's `kprove/verified` resolves. The connection delivers notifications
  // in order, so when `kprove/verified` arrives the latest diagnostics are the
  // run's final list.
  const diagnostics = new Map();
  const verifying = [];
  const waiters = new Map();
  const verified = new Map();
  const key = (uri, version) => `${uri}@${version}`;
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => diagnostics.set(p.uri, p));
  connection.onNotification('kprove/verifying', (p) => verifying.push(p));
  connection.onNotification('kprove/verified', (p) => {
    verified.set(key(p.uri, p.version), { params: p, diagnostics: diagnostics.get(p.uri) });
    waiters.get(key(p.uri, p.version))?.();
  });
  const whenVerified = (uri, version) =>
    verified.has(key(uri, version))
      ? Promise.resolve(verified.get(key(uri, version)))
      : new Promise((resolve) => waiters.set(key(uri, version), () => resolve(verified.get(key(uri, version)))));
  connection.listen();

  const root = pathToFileURL(source).href;
  const init = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    clientInfo: { name: 'kprove e2e (vscode-languageserver-protocol)', version: '0.1.0' },
    rootUri: root,
    workspaceFolders: [{ uri: root, name: 'kprove' }],
    capabilities: {
      textDocument: {
        synchronization: { dynamicRegistration: false, didSave: true, willSave: false, willSaveWaitUntil: false },
        publishDiagnostics: {
          relatedInformation: true,
          versionSupport: true,
          codeDescriptionSupport: true,
          dataSupport: true,
          tagSupport: { valueSet: [1, 2] },
        },
        hover: { dynamicRegistration: false, contentFormat: [MarkupKind.Markdown, MarkupKind.PlainText] },
        codeLens: { dynamicRegistration: false },
        definition: { dynamicRegistration: false, linkSupport: true },
      },
      workspace: { workspaceFolders: true, configuration: true, codeLens: { refreshSupport: true } },
      window: { workDoneProgress: true, showMessage: { messageActionItem: { additionalPropertiesSupport: true } } },
      general: { positionEncodings: ['utf-16'] },
    },
  });
  const caps = init.capabilities;
  check(caps.hoverProvider && caps.definitionProvider && caps.codeLensProvider,
    `initialize: hover, definition and code lenses (server ${init.serverInfo?.name} ${init.serverInfo?.version})`);
  check(caps.textDocumentSync?.openClose && caps.textDocumentSync?.change === 1,
    'initialize: open/close and full text synchronisation');
  await connection.sendNotification(InitializedNotification.type, {});

  // All files at once, as when VS Code restores a window: the server queues them.
  const docs = EXAMPLES.map(({ file, languageId }) => {
    const full = path.join(source, file);
    const text = fs.readFileSync(full, 'utf8');
    return { file, languageId, text, lines: text.split('\n'), uri: pathToFileURL(full).href, exp: expectation(text, file) };
  });
  for (const d of docs)
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: d.uri, languageId: d.languageId, version: 1, text: d.text },
    });

  for (const d of docs) {
    const t0 = Date.now();
    const { params, diagnostics: published } = await whenVerified(d.uri, 1);
    check(verifying.some((p) => p.uri === d.uri && p.version === 1), `${d.file}: kprove/verifying came first`);
    check(params.verdict === d.exp.verdict && params.obligations > 0 && params.seconds >= 0,
      `${d.file}: kprove/verified says ${params.verdict}, ${params.obligations} obligations in ${params.seconds.toFixed(2)} s ` +
      `(waited ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    check(published && published.version === 1, `${d.file}: diagnostics published for version 1`);
    const errors = published.diagnostics.filter((x) => x.severity === DiagnosticSeverity.Error);
    for (const x of published.diagnostics) {
      check(x.source === 'kprove' && x.message.length > 0 && sane(x.range, d.lines),
        `${d.file}: ${x.code || 'note'} at ${x.range.start.line + 1}:${x.range.start.character + 1}: source kprove, a message, a sane range`);
      for (const r of x.relatedInformation || [])
        check(r.location.uri === d.uri && sane(r.location.range, d.lines) && r.message.length > 0,
          `${d.file}: related '${r.message}' at line ${r.location.range.start.line + 1}`);
    }
    for (const f of d.exp.failures) {
      const hit = errors.find((x) => x.code === f.code && x.range.start.line === f.line - 1);
      check(hit !== undefined,
        `${d.file}: an Error '${f.code}' at line ${f.line} (got ${errors.map((x) => `${x.code}@${x.range.start.line + 1}`).join(', ') || 'none'})`);
    }
    const allowed = [...d.exp.failures, ...d.exp.mayAlso];
    check(errors.every((x) => allowed.some((f) => x.code === f.code && x.range.start.line === f.line - 1)),
      `${d.file}: no Error the header does not list`);

    const lenses = await connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: d.uri } });
    check(Array.isArray(lenses) && lenses.length > 0 &&
      lenses.every((l) => sane(l.range, d.lines) && l.command && /^(verified in|failed:) /.test(l.command.title)),
      `${d.file}: code lenses ${JSON.stringify(lenses.map((l) => l.command.title))}`);
    // The kernel's lens carries the file's verdict (a C kernel's contract is in
    // the annotation above it and counts as the kernel's).
    const prefix = d.exp.verdict === 'verified' ? 'verified in ' : 'failed: ';
    check(lenses.some((l) => l.command.title.startsWith(prefix)), `${d.file}: a lens says '${prefix.trim()}'`);

    // Hover on the failing clause, or on a verified file's first clause.
    const at = d.exp.failures.length > 0
      ? clauseOn(d.lines, d.exp.failures[0].line - 1)
      : d.lines.map((_, i) => clauseOn(d.lines, i)).find((p) => p !== null);
    check(at !== null && at !== undefined, `${d.file}: a contract clause to hover on`);
    const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri: d.uri }, position: at });
    const value = hover?.contents?.value || '';
    const word = d.exp.verdict === 'verified' ? 'verified' : 'failed';
    check(hover?.contents?.kind === MarkupKind.Markdown && value.includes(word) &&
      (d.exp.verdict === 'verified' || value.includes(`\`${d.exp.failures[0].code}\``)),
      `${d.file}: hover at ${at.line + 1}:${at.character + 1}: ${JSON.stringify(value.split('\n')[0])}`);
  }

  shuttingDown = true;
  await connection.sendRequest(ShutdownRequest.type);
  await connection.sendNotification(ExitNotification.type);
  const { code, signal } = await exited;
  connection.dispose();
  check(code === 0, `shutdown, exit: the server exits with code 0 (${code}${signal ? `, ${signal}` : ''})`);
  console.log(`lsp e2e (vscode-languageserver-protocol): ${passes} passed, 0 failed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function fail(message) {
  console.log('FAILED:', message);
  console.log(`lsp e2e (vscode-languageserver-protocol): ${passes} passed, 1 failed`);
  server?.kill('SIGKILL');
  process.exit(1);
}

const deadline = setTimeout(() => fail(`no end after ${HARD_TIMEOUT_MS / 1000} s`), HARD_TIMEOUT_MS);

main().then(
  () => {
    clearTimeout(deadline);
    process.exit(0);
  },
  (e) => fail(e.message),
);
