// The status bar item: the verdict of the active document, from the server's
// `kprove/verifying` and `kprove/verified` notifications (docs/editor.md).
import * as vscode from 'vscode';

export interface Verified {
  version: number;
  verdict: string; // verified, failed, unknown, invalid
  obligations: number;
  seconds: number;
}

interface DocumentState {
  running?: number; // the version being verified
  last?: Verified;
}

const icons: Record<string, string> = {
  verified: '$(pass)',
  failed: '$(error)',
  unknown: '$(question)',
  invalid: '$(warning)',
};

export class VerdictStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 10);
  private readonly states = new Map<string, DocumentState>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private serverRunning = false;

  constructor(private readonly selector: vscode.DocumentSelector, command: string) {
    this.item.name = 'kprove';
    this.item.command = command;
    this.subscriptions.push(
      this.item,
      vscode.window.onDidChangeActiveTextEditor(() => this.render()),
      // An edit cancels the server's run of the older text, which then never
      // reports: the document's version moves past `running`.
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === vscode.window.activeTextEditor?.document) this.render();
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.states.delete(d.uri.toString())),
    );
  }

  verifying(uri: string, version: number): void {
    this.state(uri).running = version;
    this.render();
  }

  verified(uri: string, result: Verified): void {
    const s = this.state(uri);
    if (s.running === result.version) s.running = undefined;
    s.last = result;
    this.render();
  }

  serverStopped(): void {
    for (const s of this.states.values()) s.running = undefined;
    this.render();
  }

  setRunning(running: boolean): void {
    this.serverRunning = running;
    this.render();
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }

  private state(uri: string): DocumentState {
    // The server echoes the client's URI, but keys are compared in VS Code's
    // normal form (percent-encoding of ':' and the like may differ).
    const key = vscode.Uri.parse(uri).toString();
    let s = this.states.get(key);
    if (!s) this.states.set(key, (s = {}));
    return s;
  }

  private render(): void {
    const doc = vscode.window.activeTextEditor?.document;
    if (!doc || vscode.languages.match(this.selector, doc) === 0) {
      this.item.hide();
      return;
    }
    if (!this.serverRunning) {
      this.item.text = '$(circle-slash) kprove';
      this.item.tooltip = 'The kprove language server is not running: see the output.';
      this.item.show();
      return;
    }
    const s = this.states.get(doc.uri.toString()) ?? {};
    if (s.running !== undefined && s.running === doc.version) {
      this.item.text = '$(sync~spin) kprove: verifying';
      this.item.tooltip = `Verifying ${vscode.workspace.asRelativePath(doc.uri)}`;
    } else if (s.last) {
      const r = s.last;
      const edited = r.version !== doc.version;
      this.item.text = `${icons[r.verdict] ?? ''} kprove: ${r.verdict}${edited ? ' (edited)' : ''}`;
      this.item.tooltip =
        `${r.verdict}: ${r.obligations} obligation${r.obligations === 1 ? '' : 's'} ` +
        `in ${r.seconds.toFixed(1)} s` +
        (edited ? ' — the file changed since; save to verify it again' : '');
    } else {
      this.item.text = 'kprove';
      this.item.tooltip = 'Save the file to verify it';
    }
    this.item.show();
  }
}
