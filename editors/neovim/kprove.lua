-- kprove's language server for .pvl, .cl and .cu files in Neovim 0.7+, without
-- plugins (docs/editor.md). Load it from init.lua:
--   dofile('/path/to/kprove/editors/neovim/kprove.lua')
-- The server is `kprove` on PATH, or the program $KPROVE names.
local group = vim.api.nvim_create_augroup('kprove', { clear = true }) -- loading twice adds nothing

-- Filetypes by autocommand, not vim.filetype.add: Neovim 0.7 ignores that unless
-- g:do_filetype_lua is set, and its filetype.vim takes *.cl for Lisp. Setting the
-- option (not :setfiletype) wins whether this runs before or after filetype.vim.
local filetypes = { pvl = 'pvl', cl = 'opencl', cu = 'cuda' }
vim.api.nvim_create_autocmd({ 'BufNewFile', 'BufRead' }, {
  group = group,
  pattern = { '*.pvl', '*.cl', '*.cu' },
  callback = function(args)
    vim.bo[args.buf].filetype = filetypes[vim.fn.fnamemodify(args.file, ':e')]
  end,
})

-- Runs once the server has answered `initialize`: before that, a lens request
-- finds no server that supports it and Neovim reports an error.
local function on_attach(_, buf)
  local opts = { buffer = buf }
  vim.keymap.set('n', 'K', vim.lsp.buf.hover, opts)        -- verdict of the clause
  vim.keymap.set('n', 'gd', vim.lsp.buf.definition, opts)  -- pure function, barrier label
  vim.keymap.set('n', '<leader>e', vim.diagnostic.open_float, opts)
  -- Lenses ("verified in 0.3 s") come from the last finished run: refresh them.
  -- Cleared first: a restarted server (see the FileType autocommand) attaches it again.
  vim.api.nvim_clear_autocmds({ group = group, buffer = buf })
  vim.api.nvim_create_autocmd({ 'BufEnter', 'CursorHold', 'InsertLeave' }, {
    group = group,
    buffer = buf,
    -- Wrapped: newer Neovims would take the autocommand's argument for refresh options.
    callback = function() vim.lsp.codelens.refresh() end,
  })
end

local kprove_client = nil
vim.api.nvim_create_autocmd('FileType', {
  group = group,
  pattern = { 'pvl', 'opencl', 'cuda' },
  callback = function(args)
    if not kprove_client or vim.lsp.client_is_stopped(kprove_client) then
      kprove_client = vim.lsp.start_client({
        name = 'kprove',
        cmd = { vim.env.KPROVE or 'kprove', 'lsp', '--timeout', '10' },
        root_dir = vim.fn.getcwd(),
        on_attach = on_attach,
      })
    end
    -- Neovim has already warned that the command could not be started.
    if kprove_client then
      vim.lsp.buf_attach_client(args.buf, kprove_client)
    end
  end,
})
