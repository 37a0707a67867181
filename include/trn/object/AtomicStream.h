//===- trn/object/AtomicStream.h - a stream that becomes a file whole -*- C++ -*-===//
//
// A std::ostream over an AtomicFile: what streams as a run goes (a trace,
// an HTML view) lands in a temporary file and becomes Path only when
// commit() succeeds; destroyed uncommitted, it leaves Path as it was. A
// device or pipe is written in place, as AtomicFile does.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_OBJECT_ATOMICSTREAM_H
#define TRN_OBJECT_ATOMICSTREAM_H

#include "trn/object/ObjectFile.h"

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <variant>

namespace trn::object {

class AtomicStream {
public:
  // The stream, or a message naming Path ("'PATH': REASON").
  static std::variant<std::unique_ptr<AtomicStream>, std::string> create(const std::string &Path);
  ~AtomicStream();
  AtomicStream(const AtomicStream &) = delete;
  AtomicStream &operator=(const AtomicStream &) = delete;

  std::ostream &stream() { return OS; }
  // Flushes what is buffered and puts the file in place; a message naming
  // Path if any write failed or the rename did.
  std::optional<std::string> commit();

private:
  class Buffer;
  explicit AtomicStream(AtomicFile F);
  std::unique_ptr<Buffer> Buf;
  std::ostream OS;
};

} // namespace trn::object

#endif
