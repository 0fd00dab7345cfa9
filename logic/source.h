// Source files and locations. A location is a file id plus a byte offset; line and
// column are computed only when a diagnostic is printed (as in Clang).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kprove {

struct SourceLoc {
  uint32_t file = 0; // 0 = no location
  uint32_t offset = 0;
  bool valid() const { return file != 0; }
};

struct SourceRange {
  SourceLoc begin;
  SourceLoc end; // one past the last character
  bool valid() const { return begin.valid(); }
};

struct LineCol {
  uint32_t line = 0; // 1-based
  uint32_t col = 0;  // 1-based
};

// The UTF-16 code units of UTF-8 text: the column unit of LSP positions and of
// SARIF regions (a 4-byte character is a surrogate pair).
uint32_t utf16Units(std::string_view utf8);

class SourceManager {
public:
  // Registers a file's text; returns its id (>= 1).
  uint32_t addFile(std::string path, std::string text);
  const std::string &path(uint32_t file) const { return files_.at(file - 1).path; }
  std::string_view text(uint32_t file) const { return files_.at(file - 1).text; }
  LineCol lineCol(SourceLoc loc) const;
  // The text of the line holding `loc`, without its newline.
  std::string_view lineText(SourceLoc loc) const;
  SourceLoc locAt(uint32_t file, uint32_t offset) const { return {file, offset}; }

private:
  struct File {
    std::string path;
    std::string text;
    std::vector<uint32_t> lineStarts;
  };
  std::vector<File> files_;
};

} // namespace kprove
