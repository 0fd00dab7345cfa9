#!/usr/bin/env node
// Checks what VS Code would read from the extension without running VS Code:
// package.json's contributions against the files and the code, and the grammars
// by tokenizing with vscode-textmate (the tokenizer VS Code itself uses).
//
//   node test/check.js          (from editors/vscode, after npm ci)
'use strict';
const fs = require('fs');
const path = require('path');
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const root = path.join(__dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const contributes = pkg.contributes;
let failures = 0;
let passes = 0;

function check(condition, what) {
  if (condition) {
    passes++;
    console.log('ok:', what);
  } else {
    failures++;
    console.log('FAILED:', what);
  }
}

function readJson(rel) {
  return JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8'));
}

// Scopes the extension includes or injects into that VS Code's own grammars provide.
const builtinScopes = new Set(['source.c', 'source.cpp', 'source.cuda-cpp']);
// Languages the extension activates on and sends to the server without
// contributing them: VS Code's cuda-cpp, and 'cuda' of NVIDIA's extension.
const builtinLanguages = new Set(['cuda-cpp', 'cuda', 'c', 'cpp']);

function checkManifest() {
  check(pkg.publisher === 'kprove' && pkg.name === 'kprove', 'publisher and name are kprove');
  check(/^\^1\.75\./.test(pkg.engines.vscode), `engines.vscode is ^1.75 (${pkg.engines.vscode})`);
  // vsce refuses a package whose @types/vscode is newer than engines.vscode.
  check(pkg.devDependencies['@types/vscode'] === pkg.engines.vscode.slice(1),
    '@types/vscode matches engines.vscode');
  check(fs.existsSync(path.join(root, 'src', path.basename(pkg.main, '.js') + '.ts')),
    `main ${pkg.main} is compiled from src/`);

  const languages = new Set(contributes.languages.map((l) => l.id));
  for (const l of contributes.languages) {
    let ok = true;
    try {
      readJson(l.configuration);
    } catch (e) {
      ok = false;
    }
    check(ok, `language ${l.id}: ${l.configuration} parses`);
  }
  for (const event of pkg.activationEvents) {
    const id = event.replace(/^onLanguage:/, '');
    check(languages.has(id) || builtinLanguages.has(id), `activation event ${event} names a language`);
  }

  const grammars = new Map();
  for (const g of contributes.grammars) {
    let raw = null;
    try {
      raw = readJson(g.path);
    } catch (e) {
      console.log(`  ${g.path}: ${e.message}`);
    }
    check(raw !== null, `grammar ${g.path} parses`);
    if (!raw) continue;
    check(raw.scopeName === g.scopeName, `${g.path}: scopeName ${raw.scopeName} is the contributed one`);
    check(!g.language || languages.has(g.language), `${g.path}: language ${g.language || '(injection)'} is contributed`);
    grammars.set(g.scopeName, raw);
  }
  // Every include names a rule that exists: '#rule' in the grammar, 'scope#rule'
  // in a contributed grammar, or a whole grammar VS Code has.
  for (const [scope, raw] of grammars) {
    const includes = [];
    (function walk(node) {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object')
        for (const [k, v] of Object.entries(node)) {
          if (k === 'include') includes.push(v);
          else walk(v);
        }
    })(raw);
    for (const inc of includes) {
      const [target, rule] = inc.startsWith('#') ? [scope, inc.slice(1)] : inc.split('#');
      let ok;
      if (inc === '$self' || inc === '$base') ok = true;
      else if (grammars.has(target)) ok = !rule || rule in (grammars.get(target).repository || {});
      else ok = builtinScopes.has(target) && !rule;
      check(ok, `${scope}: include '${inc}' resolves`);
    }
  }
  for (const g of contributes.grammars.filter((g) => g.injectTo))
    for (const host of g.injectTo)
      check(grammars.has(host) || builtinScopes.has(host), `${g.scopeName} injects into known scope ${host}`);

  // Contributed commands and settings are the ones the code uses.
  const code = fs.readdirSync(path.join(root, 'src'))
    .map((f) => fs.readFileSync(path.join(root, 'src', f), 'utf8')).join('\n');
  for (const c of contributes.commands)
    check(code.includes(`registerCommand('${c.command}'`), `command ${c.command} is registered`);
  const settings = Object.keys(contributes.configuration.properties);
  const used = [...code.matchAll(/config\.get<[^>]*>\('([a-z]+)'\)/g)].map((m) => `kprove.${m[1]}`);
  check(used.length > 0 && used.every((s) => settings.includes(s)),
    `settings read by the code are contributed (${used.join(', ')})`);
  check(settings.every((s) => used.includes(s)), 'every contributed setting is read');
  return grammars;
}

// A stand-in for VS Code's C-family grammars: the injection depends only on
// their comment and string scopes, and a nested block checks that it applies
// at any depth (VS Code's C grammar nests blocks that include only itself).
function hostGrammar(scopeName) {
  const suffix = scopeName.split('.').pop();
  return {
    scopeName,
    patterns: [
      { begin: '/\\*', end: '\\*/', name: `comment.block.${suffix}` },
      { begin: '//', end: '$', name: `comment.line.double-slash.${suffix}` },
      { begin: '"', end: '"', name: `string.quoted.double.${suffix}` },
      { begin: '\\{', end: '\\}', name: `meta.block.${suffix}`, patterns: [{ include: '$self' }] },
    ],
  };
}

async function tokenizer(grammars) {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope) =>
      grammars.has(scope)
        ? vsctm.parseRawGrammar(JSON.stringify(grammars.get(scope)), `${scope}.json`)
        : builtinScopes.has(scope)
          ? vsctm.parseRawGrammar(JSON.stringify(hostGrammar(scope)), `${scope}.json`)
          : null,
    // As VS Code does with the grammars' injectTo.
    getInjections: (scope) =>
      contributes.grammars.filter((g) => (g.injectTo || []).includes(scope)).map((g) => g.scopeName),
  });
  // Tokenizes text; gives a lookup of the token at `needle`'s nth occurrence.
  return async (scope, text) => {
    const grammar = await registry.loadGrammar(scope);
    const tokens = [];
    let stack = vsctm.INITIAL;
    text.split('\n').forEach((line, lineNo) => {
      const r = grammar.tokenizeLine(line, stack);
      for (const t of r.tokens)
        tokens.push({ line: lineNo, text: line.slice(t.startIndex, t.endIndex), start: t.startIndex, scopes: t.scopes });
      stack = r.ruleStack;
    });
    return (needle, nth = 0) => {
      const lines = text.split('\n');
      let seen = 0;
      for (let l = 0; l < lines.length; l++)
        for (let at = lines[l].indexOf(needle); at >= 0; at = lines[l].indexOf(needle, at + 1))
          if (seen++ === nth) {
            const t = tokens.find((t) => t.line === l && t.start <= at && at < t.start + t.text.length);
            return { text: t.text, scopes: t.scopes.join(' ') };
          }
      throw new Error(`'${needle}' #${nth} is not in the text`);
    };
  };
}

function has(token, scope) {
  return token.scopes.split(' ').some((s) => s === scope || s.startsWith(scope + '.'));
}

async function checkGrammars(grammars) {
  const tokenize = await tokenizer(grammars);

  const pvl = await tokenize('source.pvl', [
    '// requires nothing: a comment',
    'context_everywhere a != null && a.length == n;',
    'requires (\\forall* int i; 0 <= i && i < n; Perm(a[i], 1\\2)) ** PointsTo(a[0], write, 0);',
    'ensures \\result == \\old(x) + 1 ==> true;',
    'pure int twice(int n) = n + n;',
    '/* ensures, inside a block comment */',
    'void m(int[] a) { par rotate (int t = 0 .. n) { barrier(rotate) { loop_invariant t >= 0; } } }',
  ].join('\n'));
  let t = pvl('requires');
  check(has(t, 'comment.line') && !has(t, 'keyword'), 'pvl: requires in a line comment is a comment');
  t = pvl('context_everywhere');
  check(t.text === 'context_everywhere' && has(t, 'keyword.other.contract'), 'pvl: context_everywhere is one clause keyword');
  t = pvl('\\forall*');
  check(t.text === '\\forall*' && has(t, 'keyword.other.quantifier'), 'pvl: \\forall* is one quantifier token');
  check(has(pvl('Perm'), 'support.function.permission') && has(pvl('PointsTo'), 'support.function.permission'),
    'pvl: Perm and PointsTo are permission builtins');
  check(has(pvl('**'), 'keyword.operator.logical') && has(pvl('==>'), 'keyword.operator.logical'),
    'pvl: ** and ==> are logical operators');
  check(has(pvl('\\result'), 'support.function.builtin') && has(pvl('\\old'), 'support.function.builtin'),
    'pvl: \\result and \\old are builtins');
  check(has(pvl('write'), 'constant.language') && has(pvl('null'), 'constant.language'),
    'pvl: write and null are constants');
  check(has(pvl('1', 1), 'constant.numeric'), 'pvl: numbers');
  t = pvl('ensures', 1);
  check(has(t, 'comment.block') && !has(t, 'keyword'), 'pvl: ensures in a block comment is a comment');
  check(has(pvl('twice'), 'entity.name.function'), 'pvl: a pure function declaration names a function');
  check(has(pvl('rotate'), 'entity.name.label') && has(pvl('loop_invariant'), 'keyword.other.contract'),
    'pvl: a par block\'s name is a label; loop_invariant is a clause');

  const c = [
    '/* requires nothing: a plain comment */',
    '/*@',
    '  requires a != NULL ** \\pointer_length(a) == n;',
    '  @ ensures (\\forall int i; 0 <= i && i < n; a[i] == 0);',
    '@*/',
    '__kernel void k(__global int *a, int n) {',
    '  //@ assert get_global_id(0) >= 0;',
    '  const char *s = "/*@ requires @*/";',
    '  // context: a plain line comment',
    '}',
  ].join('\n');
  for (const scope of ['source.opencl', 'source.c', 'source.cpp', 'source.cuda-cpp']) {
    const tok = await tokenize(scope, c);
    t = tok('requires');
    check(has(t, 'comment.block') && !has(t, 'keyword'), `${scope}: a plain /* */ comment stays a comment`);
    t = tok('requires', 1);
    check(has(t, 'keyword.other.contract') && !has(t, 'comment'), `${scope}: requires in /*@ @*/ is a clause, not a comment`);
    check(has(tok('NULL'), 'constant.language') && has(tok('\\pointer_length'), 'support.function.builtin'),
      `${scope}: NULL and \\pointer_length in an annotation`);
    check(has(tok('ensures'), 'keyword.other.contract') && has(tok('\\forall'), 'keyword.other.quantifier'),
      `${scope}: an annotation's second line, after the decorative @`);
    t = tok('assert');
    check(has(t, 'keyword.other') && !has(t, 'comment'), `${scope}: //@ assert inside a function body is a statement`);
    check(has(tok('get_global_id'), 'support.function.builtin'), `${scope}: get_global_id in an annotation`);
    t = tok('requires', 2);
    check(has(t, 'string') && !has(t, 'keyword'), `${scope}: /*@ in a string literal stays a string`);
    t = tok('context');
    check(has(t, 'comment.line') && !has(t, 'keyword'), `${scope}: a plain // comment stays a comment`);
  }
  const cl = await tokenize('source.opencl', c);
  check(has(cl('__kernel'), 'storage.modifier.opencl') && has(cl('__global'), 'storage.modifier.opencl'),
    'source.opencl: __kernel and __global are qualifiers');
}

(async () => {
  const grammars = checkManifest();
  await checkGrammars(grammars);
  console.log(`vscode extension: ${passes} passed, ${failures} failed`);
  process.exit(failures === 0 ? 0 : 1);
})().catch((e) => {
  console.log('FAILED:', e.stack || e);
  process.exit(1);
});
