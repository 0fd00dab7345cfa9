-- The body of the Neovim test (run.sh): runs in `nvim --headless --clean` after the
-- shipped editors/neovim/kprove.lua, from the source directory. Opens examples,
-- waits for the kprove client's `kprove/verified`, and checks the diagnostics
-- Neovim holds against the example's header (//: expect ...) and against the
-- range the command line underlines. Quits with :cquit on any failure.

-- One file per filetype the configuration maps; two failing, one verified.
local EXAMPLES = {
  'examples/pvl/demo_wrong_post.pvl',
  'examples/opencl/vector_add_wrong_post.cl',
  'examples/cuda/vector_add.cu',
}
local FILETYPE = { pvl = 'pvl', cl = 'opencl', cu = 'cuda' }
local WAIT_MS = 120000

local failures = 0
local function check(ok, what)
  io.stdout:write((ok and 'ok: ' or 'FAILED: ') .. what .. '\n')
  if not ok then
    failures = failures + 1
  end
  return ok
end

-- What Neovim reports to the user, on lines of their own (headless Neovim ends
-- none); the session must have nothing at level WARN or above.
local complaints = {}
vim.notify = function(message, level)
  io.stdout:write('nvim: ' .. message .. '\n')
  if (level or vim.log.levels.INFO) >= vim.log.levels.WARN then
    table.insert(complaints, message)
  end
end

-- The last `kprove/verified` per document. The configuration sets no handler of
-- its own, so the client falls back to this global one.
local finished = {}
vim.lsp.handlers['kprove/verified'] = function(_, params)
  finished[params.uri] = params
end

-- The header's verdict: `//: expect verified` or `//: expect fail CODE LINE` lines.
local function expectations(path)
  local verified, fails = false, {}
  for line in io.lines(path) do
    if not line:match('^//:') then
      break
    end
    verified = verified or line:match('^//: expect verified') ~= nil
    local code, lnum = line:match('^//: expect fail (%S+) (%d+)')
    if code then
      table.insert(fails, { code = code, line = tonumber(lnum) })
    end
  end
  return verified, fails
end

-- The errors `kprove FILE` prints, keyed CODE:LINE, with the 0-based byte columns
-- of the underline (`FILE:LINE:COL: error[CODE]: ...`, the source line, `^~~~`).
local function command_line_errors(path)
  local out = vim.fn.systemlist({ vim.env.KPROVE, '--timeout', '30', path })
  local errors = {}
  for i, text in ipairs(out) do
    local line, col, code = text:match('^.-:(%d+):(%d+): error%[(.-)%]')
    if line then
      local underline = (out[i + 2] or ''):match('%^~*') or ''
      local start = tonumber(col) - 1
      errors[code .. ':' .. line] = { col = start, end_col = start + #underline }
    end
  end
  return errors
end

local function client_of(buf)
  for _, client in pairs(vim.lsp.buf_get_clients(buf)) do
    if client.name == 'kprove' then
      return client
    end
  end
end

-- False when no verdict came: the next example would wait in vain as long.
local function check_example(path)
  local verified, fails = expectations(path)
  if not check(verified or #fails > 0, path .. ': the header declares a verdict') then
    return
  end
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  local want_ft = FILETYPE[path:match('%.(%w+)$')]
  check(vim.bo[buf].filetype == want_ft,
        string.format('%s: filetype %s (%s)', path, want_ft, vim.bo[buf].filetype))

  local uri = vim.uri_from_bufnr(buf)
  local start = vim.loop.hrtime()
  -- A complaint (the server quit, say) ends the wait: no verdict will come.
  vim.wait(WAIT_MS, function() return finished[uri] ~= nil or #complaints > 0 end, 50)
  local seconds = (vim.loop.hrtime() - start) / 1e9
  if not check(finished[uri] ~= nil,
               string.format('%s: kprove/verified within %d s', path, WAIT_MS / 1000)) then
    return false
  end
  local verdict = finished[uri].verdict
  check(verdict == (verified and 'verified' or 'failed'),
        string.format('%s: %s after %.1f s', path, verdict, seconds))
  -- Only an initialized client counts as attached in Neovim 0.7, hence after the wait.
  local client = client_of(buf)
  if not check(client ~= nil, path .. ': the kprove client is attached') then
    return
  end

  -- The configuration refreshes lenses on CursorHold; the kernel's lens carries
  -- the file's verdict.
  vim.api.nvim_exec_autocmds('CursorHold', { buffer = buf })
  local lensed = vim.wait(10000, function() return #vim.lsp.codelens.get(buf) > 0 end, 50)
  local title = lensed and vim.lsp.codelens.get(buf)[1].command.title or 'none'
  check(lensed, string.format('%s: a code lens after CursorHold (%s)', path, title))
  local prefix = verified and 'verified in ' or 'failed: '
  check(title:sub(1, #prefix) == prefix,
        string.format('%s: the lens says "%s", not "%s..."', path, title, prefix))

  local namespace = vim.lsp.diagnostic.get_namespace(client.id)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    check(d.namespace == namespace and d.source == 'kprove',
          string.format('%s:%d: diagnostic [%s] is the kprove client\'s', path, d.lnum + 1,
                        d.code or 'note'))
  end
  local errors = vim.diagnostic.get(buf, { severity = vim.diagnostic.severity.ERROR })
  if verified then
    check(#errors == 0, string.format('%s: no errors (%d)', path, #errors))
    return
  end
  check(#errors == #fails, string.format('%s: %d error(s), as the header says (%d)', path,
                                         #fails, #errors))
  local underlined = command_line_errors(path)
  for _, want in ipairs(fails) do
    local got
    for _, d in ipairs(errors) do
      if d.code == want.code and d.lnum == want.line - 1 then
        got = d
      end
    end
    local where = string.format('%s:%d: error[%s]', path, want.line, want.code)
    if check(got ~= nil, where .. ' is an ERROR diagnostic') then
      local text = vim.api.nvim_buf_get_lines(buf, got.lnum, got.lnum + 1, true)[1]
      check(got.end_lnum == got.lnum and 0 <= got.col and got.col < got.end_col
              and got.end_col <= #text,
            string.format('%s: range %d:%d-%d:%d within the line', where, got.lnum, got.col,
                          got.end_lnum, got.end_col))
      local cli = underlined[want.code .. ':' .. want.line]
      check(cli ~= nil and cli.col == got.col and cli.end_col == got.end_col,
            string.format('%s: columns %d-%d are the ones the command line underlines (%s)',
                          where, got.col, got.end_col,
                          cli and (cli.col .. '-' .. cli.end_col) or 'none'))
    end
  end
end

local start = vim.loop.hrtime()
-- An error in the test itself must end Neovim too, or it would wait for input.
local ok, err = xpcall(function()
  for _, path in ipairs(EXAMPLES) do
    if check_example(path) == false then
      break
    end
  end
end, debug.traceback)
check(ok, ok and 'the checks ran to the end' or tostring(err))
check(#complaints == 0, 'Neovim reported no errors or warnings' ..
      (#complaints > 0 and ': ' .. table.concat(complaints, '; ') or ''))
io.stdout:write(string.format('lsp neovim: %s in %.1f s\n', failures == 0 and 'passed' or
                              failures .. ' failure(s)', (vim.loop.hrtime() - start) / 1e9))
vim.cmd(failures == 0 and 'qall!' or 'cquit 1')
