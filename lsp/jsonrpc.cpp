#include "lsp/jsonrpc.h"

#include <istream>
#include <ostream>

namespace kprove::lsp {

namespace {
constexpr size_t kMaxMessageBytes = 64u << 20;
}

std::optional<std::string> readMessage(std::istream &in, std::string &error) {
  error.clear();
  std::optional<size_t> length;
  std::string line;
  bool sawHeader = false;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    if (line.empty()) {
      if (!sawHeader)
        continue; // tolerate blank lines between messages
      break;
    }
    sawHeader = true;
    auto colon = line.find(':');
    if (colon == std::string::npos) {
      error = "malformed header line '" + line + "'";
      return std::nullopt;
    }
    std::string name = line.substr(0, colon);
    for (char &c : name)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name == "content-length") {
      try {
        length = std::stoul(line.substr(colon + 1));
      } catch (const std::exception &) {
        error = "malformed Content-Length '" + line + "'";
        return std::nullopt;
      }
    }
  }
  if (!sawHeader)
    return std::nullopt; // end of input
  if (!length || *length > kMaxMessageBytes) {
    error = length ? "message larger than 64 MiB" : "message without Content-Length";
    return std::nullopt;
  }
  std::string body(*length, '\0');
  in.read(body.data(), static_cast<std::streamsize>(*length));
  if (static_cast<size_t>(in.gcount()) != *length) {
    error = "input ended inside a message";
    return std::nullopt;
  }
  return body;
}

void Writer::send(const json &message) {
  std::string body = message.dump(-1, ' ', false, json::error_handler_t::replace);
  std::lock_guard<std::mutex> lock(mutex_);
  out_ << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out_.flush();
}

void Writer::respond(const json &id, json result) {
  send({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

void Writer::respondError(const json &id, int code, const std::string &message) {
  send({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

void Writer::notify(const std::string &method, json params) {
  send({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
}

} // namespace kprove::lsp
