#!/usr/bin/env python3
"""A scripted Language Server Protocol session with `kprove lsp` (docs/editor.md).

Starts the server, opens, edits, saves and closes documents from examples/, and
checks the answers: diagnostics with code, line and related information; hover on
contract clauses with verdict and time; code lenses; go-to-definition of pure
functions and barrier labels; a newer edit cancelling a running verification;
shutdown and exit.

    lsp_session.py KPROVE SOURCE_DIR
"""
import json
import os
import queue
import subprocess
import sys
import threading
import time

TIMEOUT = 120  # seconds to wait for any one answer


class Client:
    def __init__(self, kprove):
        self.proc = subprocess.Popen([kprove, "lsp", "--timeout", "30", "--no-cache"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)
        self.inbox = queue.Queue()
        self.seen = []  # every notification, in order
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            self.inbox.put(json.loads(out.read(length)))

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def _next(self):
        message = self.inbox.get(timeout=TIMEOUT)
        if message is None:
            raise AssertionError("the server closed its output")
        if "id" not in message:
            self.seen.append(message)
        return message

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self._next()
            if message.get("id") == self.next_id and "method" not in message:
                return message

    def wait_for(self, predicate):
        """The first notification (seen before or arriving now) that satisfies predicate."""
        for message in self.seen:
            if predicate(message):
                return message
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            message = self._next()
            if "id" not in message and predicate(message):
                return message
        raise AssertionError("timed out waiting for a notification")


def verified(uri, version):
    return lambda m: (m.get("method") == "kprove/verified" and m["params"]["uri"] == uri
                      and m["params"]["version"] == version)


def published(client, uri, version):
    """The last publishDiagnostics for (uri, version) before its kprove/verified."""
    done = client.seen.index(client.wait_for(verified(uri, version)))
    for message in reversed(client.seen[:done]):
        if (message.get("method") == "textDocument/publishDiagnostics"
                and message["params"]["uri"] == uri and message["params"].get("version") == version):
            return message["params"]["diagnostics"]
    raise AssertionError("no diagnostics published for %s version %d" % (uri, version))


def line_of(text, needle, nth=0):
    """0-based line and character of the nth occurrence of needle."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    line = text.count("\n", 0, at)
    return line, at - (text.rfind("\n", 0, at) + 1)


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print("ok:", what)


def main():
    kprove, source = sys.argv[1], sys.argv[2]
    read = lambda rel: open(os.path.join(source, rel)).read()
    uri = lambda rel: "file://" + os.path.join(source, rel)
    start = time.time()
    c = Client(kprove)

    r = c.request("textDocument/hover", {"textDocument": {"uri": "file:///x.pvl"},
                                         "position": {"line": 0, "character": 0}})
    check(r.get("error", {}).get("code") == -32002, "requests before initialize are refused")
    r = c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    caps = r["result"]["capabilities"]
    check(caps["hoverProvider"] and caps["definitionProvider"] and "codeLensProvider" in caps,
          "initialize announces hover, definition and code lenses")
    check(caps["textDocumentSync"]["save"]["includeText"], "the client sends the text on save")
    c.notify("initialized", {})

    # A verified file: no diagnostics; hover, lenses, barrier label -> par block.
    shift = "examples/pvl/shift.pvl"
    text = read(shift)
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(shift), "languageId": "pvl", "version": 1, "text": text}})
    check(published(c, uri(shift), 1) == [], "shift.pvl: no diagnostics")
    check(c.wait_for(verified(uri(shift), 1))["params"]["verdict"] == "verified",
          "shift.pvl: verified")
    line, char = line_of(text, "barrier(rotate)")
    r = c.request("textDocument/definition", {"textDocument": {"uri": uri(shift)},
                                              "position": {"line": line, "character": char + 9}})
    par_line, par_char = line_of(text, "rotate")
    check(r["result"]["range"]["start"] == {"line": par_line, "character": par_char},
          "definition of the barrier label 'rotate' is the par block's name")
    line, _ = line_of(text, "ensures Perm(b[tid], write) ** b[tid] == (tid + 1) % a.length;")
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri(shift)},
                                         "position": {"line": line, "character": 6}})
    value = r["result"]["contents"]["value"]
    check(value.startswith("**ensures** — verified: ") and (" ms" in value or " s" in value),
          "hover on a par block's ensures: verified, obligations and time (%s)" % value)
    r = c.request("textDocument/codeLens", {"textDocument": {"uri": uri(shift)}})
    lenses = r["result"]
    check(len(lenses) == 1 and lenses[0]["command"]["title"].startswith("verified in ")
          and lenses[0]["range"]["start"]["line"] == line_of(text, "void shift")[0],
          "one code lens on method shift: %s" % lenses[0]["command"]["title"])

    # A pure function: definition from a use in an invariant.
    binomial = "examples/pvl/binomial.pvl"
    btext = read(binomial)
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(binomial), "languageId": "pvl", "version": 1, "text": btext}})
    c.wait_for(verified(uri(binomial), 1))
    line, char = line_of(btext, "binom(N,tid)")
    r = c.request("textDocument/definition", {"textDocument": {"uri": uri(binomial)},
                                              "position": {"line": line, "character": char + 2}})
    check(r["result"]["range"]["start"]["line"] == line_of(btext, "pure int binom")[0],
          "definition of binom(...) is the pure function")
    r = c.request("textDocument/codeLens", {"textDocument": {"uri": uri(binomial)}})
    titles = sorted(l["command"]["title"].split(" in ")[0] for l in r["result"])
    check(titles == ["verified", "verified"], "lenses on the pure function and the kernel")

    # A failing file: code, line, related information; failures published as they
    # arrive; hover on the failing barrier clause.
    wrong = "examples/pvl/shift_barrier_wrong_value.pvl"
    wtext = read(wrong)
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(wrong), "languageId": "pvl", "version": 1, "text": wtext}})
    diags = published(c, uri(wrong), 1)
    got = sorted((d["code"], d["range"]["start"]["line"] + 1) for d in diags)
    check(got == [("barrier.post", 22), ("par.post", 16)],
          "shift_barrier_wrong_value.pvl: barrier.post at 22, par.post at 16 (%s)" % got)
    barrier = [d for d in diags if d["code"] == "barrier.post"][0]
    rel = barrier["relatedInformation"][0]
    check(rel["location"]["range"]["start"]["line"] + 1 == 19 and rel["message"] == "at this barrier",
          "related information: 'at this barrier' at line 19")
    early = [m for m in c.seen if m.get("method") == "textDocument/publishDiagnostics"
             and m["params"]["uri"] == uri(wrong)]
    check(len(early) >= 2 and len(early[0]["params"]["diagnostics"]) == 1,
          "failures were published one by one before the final list (%d publications)" % len(early))
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri(wrong)},
                                         "position": {"line": 21, "character": 10}})
    value = r["result"]["contents"]["value"]
    check(value.startswith("**barrier ensures** — **failed**") and "`barrier.post`" in value,
          "hover on the failing barrier clause says failed and why")
    r = c.request("textDocument/codeLens", {"textDocument": {"uri": uri(wrong)}})
    check(r["result"][0]["command"]["title"].startswith("failed: 2 of "),
          "lens: " + r["result"][0]["command"]["title"])

    # Fixed and saved: the diagnostics go away.
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri(wrong), "version": 2},
                                        "contentChanges": [{"text": text}]})
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri(wrong)}, "text": text})
    check(published(c, uri(wrong), 2) == [], "after the fix is saved: no diagnostics")

    # A newer edit cancels a running verification: version 3 (slow) is never
    # reported, version 4 is.
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri(wrong), "version": 3},
                                        "contentChanges": [{"text": btext}]})
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri(wrong)}})
    time.sleep(0.2)
    t0 = time.time()
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri(wrong), "version": 4},
                                        "contentChanges": [{"text": wtext}]})
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri(wrong)}})
    diags = published(c, uri(wrong), 4)
    check(sorted(d["code"] for d in diags) == ["barrier.post", "par.post"],
          "version 4 verified after cancelling version 3 (%.2f s)" % (time.time() - t0))
    check(not any(verified(uri(wrong), 3)(m) for m in c.seen), "version 3 was never reported")

    c.notify("textDocument/didClose", {"textDocument": {"uri": uri(wrong)}})
    c.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
               and m["params"]["uri"] == uri(wrong) and m["params"]["diagnostics"] == []
               and "version" not in m["params"])
    print("ok: closing a document clears its diagnostics")

    # A save of a document that is not open (after its didClose) has no text: it
    # is ignored, never verified as an empty file (which would say "verified").
    seen_before = len(c.seen)
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri(wrong)}})
    r = c.request("textDocument/codeLens", {"textDocument": {"uri": uri(wrong)}})
    time.sleep(0.5)
    c.request("textDocument/codeLens", {"textDocument": {"uri": uri(wrong)}})
    check(r["result"] == [] and not any(
        m.get("method") == "kprove/verified" and m["params"]["uri"] == uri(wrong)
        for m in c.seen[seen_before:]),
        "a save of a closed document is not verified")

    r = c.request("textDocument/formatting", {"textDocument": {"uri": uri(shift)}})
    check(r["error"]["code"] == -32601, "an unknown request is MethodNotFound")
    r = c.request("shutdown", None)
    check("result" in r and r["result"] is None, "shutdown")
    c.notify("exit", None)
    check(c.proc.wait(timeout=TIMEOUT) == 0, "exit after shutdown: exit code 0")
    print("lsp session: passed in %.1f s" % (time.time() - start))


if __name__ == "__main__":
    try:
        main()
    except (AssertionError, KeyError, IndexError, TypeError, queue.Empty) as e:
        print("FAILED:", repr(e))
        sys.exit(1)
