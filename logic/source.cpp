#include "logic/source.h"

#include <algorithm>

namespace kprove {

uint32_t SourceManager::addFile(std::string path, std::string text) {
  File f{std::move(path), std::move(text), {0}};
  for (uint32_t i = 0; i < f.text.size(); ++i)
    if (f.text[i] == '\n')
      f.lineStarts.push_back(i + 1);
  files_.push_back(std::move(f));
  return static_cast<uint32_t>(files_.size());
}

uint32_t utf16Units(std::string_view utf8) {
  uint32_t n = 0;
  for (char c : utf8) {
    auto b = static_cast<unsigned char>(c);
    if ((b & 0xC0) != 0x80) // a character starts here (not a continuation byte)
      n += b >= 0xF0 ? 2 : 1;
  }
  return n;
}

LineCol SourceManager::lineCol(SourceLoc loc) const {
  if (!loc.valid() || loc.file > files_.size())
    return {};
  const File &f = files_[loc.file - 1];
  auto it = std::upper_bound(f.lineStarts.begin(), f.lineStarts.end(), loc.offset);
  uint32_t line = static_cast<uint32_t>(it - f.lineStarts.begin());
  uint32_t col = loc.offset - f.lineStarts[line - 1] + 1;
  return {line, col};
}

std::string_view SourceManager::lineText(SourceLoc loc) const {
  if (!loc.valid() || loc.file > files_.size())
    return {};
  const File &f = files_[loc.file - 1];
  LineCol lc = lineCol(loc);
  uint32_t start = f.lineStarts[lc.line - 1];
  uint32_t end = start;
  while (end < f.text.size() && f.text[end] != '\n')
    ++end;
  return std::string_view(f.text).substr(start, end - start);
}

} // namespace kprove
