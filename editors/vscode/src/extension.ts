// kprove for VS Code: starts `kprove lsp` (docs/editor.md) for PVL, OpenCL and
// CUDA files and shows its per-document verdicts in the status bar. Diagnostics,
// hover, code lenses and go-to-definition are the language client's own.
import * as vscode from 'vscode';
import {
  Executable,
  LanguageClient,
  LanguageClientOptions,
  State,
} from 'vscode-languageclient/node';
import { Verified, VerdictStatus } from './status';

// The server picks its front end by the file's extension (.pvl, .cl, .cu), so
// only files on disk are sent. A .cl or .cu file may also be open as C or C++
// when another extension claims it; the patterns catch those. (The filters are
// both the language client's and VS Code's DocumentFilter.)
const selector = [
  { scheme: 'file', language: 'pvl' },
  { scheme: 'file', language: 'opencl' },
  { scheme: 'file', language: 'cuda-cpp' },
  { scheme: 'file', language: 'cuda' },
  { scheme: 'file', language: 'c', pattern: '**/*.{cl,cu}' },
  { scheme: 'file', language: 'cpp', pattern: '**/*.{cl,cu}' },
];

let client: LanguageClient | undefined;
let status: VerdictStatus | undefined;
let output: vscode.OutputChannel | undefined;

// `kprove lsp` and its options from the settings; an empty setting leaves
// kprove's default.
function serverExecutable(): Executable {
  const config = vscode.workspace.getConfiguration('kprove');
  const args = ['lsp'];
  const timeout = config.get<number | null>('timeout');
  if (typeof timeout === 'number') args.push('--timeout', String(timeout));
  const jobs = config.get<number | null>('jobs');
  if (typeof jobs === 'number') args.push('--jobs', String(jobs));
  const stdlib = config.get<string>('stdlib');
  if (stdlib) args.push('--stdlib', stdlib);
  return { command: config.get<string>('path') || 'kprove', args };
}

async function startClient(): Promise<void> {
  const clientOptions: LanguageClientOptions = {
    documentSelector: selector,
    // One channel across restarts, so the log of a crashed server stays readable.
    outputChannel: output,
  };
  const server = serverExecutable();
  const next = new LanguageClient('kprove', 'kprove', server, clientOptions);
  client = next;
  next.onNotification('kprove/verifying', (p: { uri: string; version: number }) =>
    status?.verifying(p.uri, p.version),
  );
  next.onNotification('kprove/verified', (p: Verified & { uri: string }) => status?.verified(p.uri, p));
  next.onDidChangeState((e) => {
    // A restarted server (after a crash, or kprove's exit 3 on a hung solver)
    // has no runs in progress: forget the spinners, keep the last verdicts.
    if (e.newState !== State.Running) status?.serverStopped();
    status?.setRunning(e.newState === State.Running);
  });
  try {
    await next.start();
  } catch (e) {
    status?.setRunning(false);
    // Not awaited: activation must not wait for the user to answer.
    void vscode.window
      .showErrorMessage(
        `kprove: could not start '${server.command} lsp': ${e instanceof Error ? e.message : e}. ` +
          'Set kprove.path to the kprove executable.',
        'Open Settings',
      )
      .then((choice) => {
        if (choice === 'Open Settings')
          void vscode.commands.executeCommand('workbench.action.openSettings', 'kprove.path');
      });
  }
}

async function stopClient(): Promise<void> {
  const old = client;
  client = undefined;
  // A client that never started is Stopped; stop() also rejects when the server
  // died meanwhile. Either way there is nothing left to stop.
  if (old && old.state !== State.Stopped) await old.stop().catch(() => undefined);
}

// Restarts run one after the other: a settings change during a restart must
// not leave two servers.
let restarting: Promise<void> = Promise.resolve();
function restart(): Promise<void> {
  restarting = restarting.then(async () => {
    await stopClient();
    status?.serverStopped();
    await startClient();
  });
  return restarting;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('kprove');
  status = new VerdictStatus(selector, 'kprove.showOutput');
  context.subscriptions.push(
    output,
    status,
    vscode.commands.registerCommand('kprove.restart', restart),
    vscode.commands.registerCommand('kprove.showOutput', () => output?.show(true)),
    // The options are command-line arguments of the server: a new server takes them.
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('kprove')) void restart();
    }),
  );
  await startClient();
}

export function deactivate(): Promise<void> {
  return stopClient();
}
