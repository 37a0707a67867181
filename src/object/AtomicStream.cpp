//===- AtomicStream.cpp - a stream that becomes a file whole --------------===//

#include "trn/object/AtomicStream.h"

#include <span>
#include <streambuf>
#include <vector>

namespace trn::object {

// Buffers 1 MiB and hands it to the AtomicFile; the first failed write is
// kept to report at commit (later ones are dropped).
class AtomicStream::Buffer final : public std::streambuf {
public:
  explicit Buffer(AtomicFile F) : File(std::move(F)), Bytes(1 << 20) {
    setp(Bytes.data(), Bytes.data() + Bytes.size());
  }

  std::optional<std::string> commit() {
    drain();
    if (Error)
      return Error;
    return File.commit();
  }

protected:
  int_type overflow(int_type C) override {
    drain();
    if (!traits_type::eq_int_type(C, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(C);
      pbump(1);
    }
    return Error ? traits_type::eof() : traits_type::not_eof(C);
  }
  int sync() override {
    drain();
    return Error ? -1 : 0;
  }

private:
  void drain() {
    size_t N = static_cast<size_t>(pptr() - pbase());
    if (N && !Error)
      Error = File.write(std::span(reinterpret_cast<const uint8_t *>(pbase()), N));
    setp(Bytes.data(), Bytes.data() + Bytes.size());
  }

  AtomicFile File;
  std::vector<char> Bytes;
  std::optional<std::string> Error;
};

AtomicStream::AtomicStream(AtomicFile F)
    : Buf(std::make_unique<Buffer>(std::move(F))), OS(Buf.get()) {}

AtomicStream::~AtomicStream() = default;

std::variant<std::unique_ptr<AtomicStream>, std::string>
AtomicStream::create(const std::string &Path) {
  auto F = AtomicFile::create(Path);
  if (auto *Err = std::get_if<std::string>(&F))
    return *Err;
  return std::unique_ptr<AtomicStream>(new AtomicStream(std::move(std::get<AtomicFile>(F))));
}

std::optional<std::string> AtomicStream::commit() {
  OS.flush();
  return Buf->commit();
}

} // namespace trn::object
