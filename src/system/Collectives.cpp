//===- Collectives.cpp - pairing, results and time of collectives ---------===//
//
// Results are computed once all parts have joined, in a fixed order that
// does not depend on time (docs/multicore.md, "Collectives"): a ring
// reduction of core c's chunk adds the cores in ring order starting after
// c, each partial rounded to the tensor's type. Time comes from replaying
// the algorithm's transfers, slice by slice, in the order they become
// ready, over the Network: a slice goes on when the one it depends on has
// arrived and its route is free.
//
//===----------------------------------------------------------------------===//

#include "Collectives.h"

#include "trn/emu/Numerics.h"

#include <fmt/format.h>

#include <algorithm>
#include <queue>
#include <tuple>

namespace trn::emu {

namespace {

using isa::Opcode;

const char *mnemonic(Opcode Op) { return isa::instr(Op).Mnemonic; }

bool reduces(Opcode Op) { return Op == Opcode::ALL_REDUCE || Op == Opcode::REDUCE_SCATTER; }

// Elements [B, E) of the sum over Srcs, left to right, each partial rounded
// to T (fp32 or bf16), into Out (at element 0).
void reduceChunk(isa::DType T, const std::vector<const uint8_t *> &Srcs, size_t B, size_t E,
                 uint8_t *Out) {
  size_t Bytes = isa::dtype(T).Bits / 8;
  constexpr size_t Block = 16384;
  std::vector<float> Acc(Block), In(Block);
  std::vector<uint8_t> Rounded(Block * Bytes);
  for (size_t At = B; At < E; At += Block) {
    size_t N = std::min(Block, E - At);
    loadRowAsFloat(T, Srcs[0] + At * Bytes, Acc.data(), N);
    for (size_t K = 1; K < Srcs.size(); ++K) {
      loadRowAsFloat(T, Srcs[K] + At * Bytes, In.data(), N);
      for (size_t I = 0; I < N; ++I)
        Acc[I] += In[I];
      if (T != isa::DType::FP32) { // the partial travels in the tensor's type
        storeRowFromFloat(T, Rounded.data(), Acc.data(), N);
        loadRowAsFloat(T, Rounded.data(), Acc.data(), N);
      }
    }
    storeRowFromFloat(T, Out + (At - B) * Bytes, Acc.data(), N);
  }
}

} // namespace

CollectiveEngine::CollectiveEngine(Network &N, unsigned C, int64_t Signal,
                                   std::function<std::string(unsigned)> Name)
    : Net(N), Cores(C), SignalPs(Signal), CoreName(std::move(Name)), NextGroup(C, 0) {}

std::string CollectiveEngine::describe(const CollectiveJoin &J) const {
  return fmt::format("{}'s {} ({})", CoreName(J.Core), mnemonic(J.Op), J.Where);
}

std::optional<std::string> CollectiveEngine::take(std::vector<CollectiveJoin> &Joins,
                                                  std::vector<CoreMessage> &Out) {
  // The order they joined in host time is the cores' order in the window;
  // pairing depends only on each core's own order, results on nothing else.
  for (CollectiveJoin &J : Joins) {
    auto Err =
        J.Op == Opcode::SENDRECV ? joinPair(std::move(J), Out) : joinGroup(std::move(J), Out);
    if (Err) {
      Joins.clear();
      return Err;
    }
  }
  Joins.clear();
  return std::nullopt;
}

std::optional<std::string> CollectiveEngine::joinGroup(CollectiveJoin J,
                                                       std::vector<CoreMessage> &Out) {
  uint64_t Index = NextGroup[J.Core]++;
  auto Elems = [](uint64_t N, isa::DType T) {
    return fmt::format("{} {} elements", N, isa::dtype(T).Name);
  };
  // Its own shape first: what every part of this kind needs.
  if (reduces(J.Op) && J.Type != isa::DType::FP32 && J.Type != isa::DType::BF16)
    return fmt::format("error: collective #{}: {} adds {}; it adds fp32 or bf16", Index,
                       describe(J), isa::dtype(J.Type).Name);
  uint64_t Want = J.Op == Opcode::ALL_REDUCE       ? J.SrcElems
                  : J.Op == Opcode::REDUCE_SCATTER ? J.SrcElems / Cores
                  : J.Op == Opcode::ALL_GATHER     ? J.SrcElems * Cores
                                                   : J.SrcElems;
  bool Fits = J.DstElems == Want && (J.Op != Opcode::REDUCE_SCATTER || J.SrcElems % Cores == 0) &&
              (J.Op != Opcode::ALL_TO_ALL || J.SrcElems % Cores == 0);
  if (!Fits)
    return fmt::format(
        "error: collective #{}: {} has {} in src and {} in dst; over {} cores it needs {}", Index,
        describe(J), J.SrcElems, J.DstElems, Cores,
        J.Op == Opcode::ALL_REDUCE       ? "as many in both"
        : J.Op == Opcode::REDUCE_SCATTER ? "src = cores x dst"
        : J.Op == Opcode::ALL_GATHER     ? "dst = cores x src"
                                         : "as many in both, a multiple of the cores");
  Group &G = Groups[Index];
  if (G.Parts.empty())
    G.Parts.resize(Cores);
  for (const std::optional<CollectiveJoin> &P : G.Parts)
    if (P) {
      if (P->Op != J.Op)
        return fmt::format("error: collective #{}: {} meets {}: every core's Nth collective must "
                           "be the same operation",
                           Index, describe(J), describe(*P));
      if (P->SrcElems != J.SrcElems || P->Type != J.Type)
        return fmt::format("error: collective #{}: {} has {} in src, but {} has {}", Index,
                           describe(J), Elems(J.SrcElems, J.Type), describe(*P),
                           Elems(P->SrcElems, P->Type));
      break;
    }
  unsigned Core = J.Core;
  G.Parts[Core] = std::move(J);
  if (++G.Joined == Cores) {
    runGroup(Index, G, Out);
    Groups.erase(Index);
  }
  return std::nullopt;
}

void CollectiveEngine::runGroup(uint64_t, Group &G, std::vector<CoreMessage> &Out) {
  const CollectiveJoin &First = *G.Parts[0];
  Opcode Op = First.Op;
  unsigned N = Cores;
  size_t ElemBytes = isa::dtype(First.Type).Bits / 8;
  const std::vector<unsigned> &Ring = Net.ring();
  std::vector<unsigned> PosOf(N);
  for (unsigned P = 0; P < N; ++P)
    PosOf[Ring[P]] = P;
  int64_t StartPs = 0;
  for (const auto &P : G.Parts)
    StartPs = std::max(StartPs, P->JoinPs);

  // The results.
  uint64_t Total = Op == Opcode::ALL_GATHER ? First.SrcElems * N : First.SrcElems;
  auto ChunkStart = [&](unsigned C) { return Total * C / N; };
  std::vector<std::vector<uint8_t>> Result(N);
  if (reduces(Op)) {
    // Chunk c (core c's) adds the cores in ring order, from the one after c.
    std::vector<uint8_t> Sum(Total * ElemBytes);
    for (unsigned C = 0; C < N; ++C) {
      std::vector<const uint8_t *> Order;
      for (unsigned K = 1; K <= N; ++K)
        Order.push_back(G.Parts[Ring[(PosOf[C] + K) % N]]->Src.data());
      reduceChunk(First.Type, Order, ChunkStart(C), ChunkStart(C + 1),
                  Sum.data() + ChunkStart(C) * ElemBytes);
    }
    for (unsigned C = 0; C < N; ++C)
      Result[C] = Op == Opcode::ALL_REDUCE
                      ? Sum
                      : std::vector<uint8_t>(Sum.begin() + ChunkStart(C) * ElemBytes,
                                             Sum.begin() + ChunkStart(C + 1) * ElemBytes);
  } else if (Op == Opcode::ALL_GATHER) {
    std::vector<uint8_t> All;
    for (unsigned C = 0; C < N; ++C)
      All.insert(All.end(), G.Parts[C]->Src.begin(), G.Parts[C]->Src.end());
    for (unsigned C = 0; C < N; ++C)
      Result[C] = All;
  } else { // all_to_all: chunk j of core i's src is chunk i of core j's dst
    size_t Chunk = First.SrcElems / N * ElemBytes;
    for (unsigned J = 0; J < N; ++J)
      for (unsigned I = 0; I < N; ++I) {
        const uint8_t *From = G.Parts[I]->Src.data() + J * Chunk;
        Result[J].insert(Result[J].end(), From, From + Chunk);
      }
  }

  // The time: every transfer of the algorithm, slice by slice.
  uint64_t ChunkBytes = (Op == Opcode::ALL_GATHER   ? First.SrcElems
                         : Op == Opcode::ALL_TO_ALL ? First.SrcElems / N
                                                    : (Total + N - 1) / N) *
                        ElemBytes;
  uint64_t SliceMax = isa::collectiveSliceBytes();
  auto Slices =
      static_cast<unsigned>(std::max<uint64_t>(1, (ChunkBytes + SliceMax - 1) / SliceMax));
  auto SliceBytes = [&](unsigned S) {
    return S + 1 < Slices ? SliceMax : ChunkBytes - uint64_t(S) * SliceMax;
  };
  std::vector<int64_t> DonePs(N, StartPs); // by core
  // (ready, step, position, slice): a ring's step s at position p sends to
  // p + 1; all_to_all's step s sends core p's chunk to core p + s + 1.
  using Send = std::tuple<int64_t, unsigned, unsigned, unsigned>;
  std::priority_queue<Send, std::vector<Send>, std::greater<Send>> Ready;
  unsigned Steps = Op == Opcode::ALL_REDUCE ? 2 * (N - 1) : N - 1;
  for (unsigned S = 0; S < (Op == Opcode::ALL_TO_ALL ? Steps : std::min(Steps, 1u)); ++S)
    for (unsigned P = 0; P < N; ++P)
      for (unsigned L = 0; L < Slices; ++L)
        Ready.push({StartPs, S, P, L});
  while (!Ready.empty()) {
    auto [At, S, P, L] = Ready.top();
    Ready.pop();
    unsigned From = Op == Opcode::ALL_TO_ALL ? P : Ring[P];
    unsigned To = Op == Opcode::ALL_TO_ALL ? (P + S + 1) % N : Ring[(P + 1) % N];
    int64_t Arrives = Net.send(From, To, SliceBytes(L), At);
    ++Transfers;
    DonePs[From] = std::max(DonePs[From], Arrives);
    DonePs[To] = std::max(DonePs[To], Arrives);
    // The next step forwards what arrived (a ring; all_to_all's steps are
    // independent).
    if (Op != Opcode::ALL_TO_ALL && S + 1 < Steps)
      Ready.push({Arrives, S + 1, (P + 1) % N, L});
  }
  ++Done;
  for (unsigned C = 0; C < N; ++C)
    answer(*G.Parts[C], DonePs[C], std::move(Result[C]), Out);
}

void CollectiveEngine::answer(CollectiveJoin &J, int64_t DonePs, std::vector<uint8_t> Data,
                              std::vector<CoreMessage> &Out) {
  CoreMessage M;
  M.ArrivalPs = DonePs + SignalPs;
  M.From = M.To = J.Core;
  M.Seq = uint64_t(1) << 63 | Answers++; // apart from the cores' own messages' numbers
  const isa::Instr &I = *J.Instr;
  M.NoSignal = !I.Sig;
  M.Sem = I.Sig ? I.Sig->Sem : 0;
  M.Amount = I.Sig ? I.Sig->Amount : 0;
  M.By = J.By;
  M.By.FromDma = false; // reported as the instruction's own signal
  M.By.Core = -1;       // this core's instruction
  M.By.Ps = DonePs;
  M.Instr = J.Instr;
  M.Writes.push_back({J.Dst, std::move(Data), false});
  Out.push_back(std::move(M));
}

std::optional<std::string> CollectiveEngine::joinPair(CollectiveJoin J,
                                                      std::vector<CoreMessage> &Out) {
  Pairs.push_back(std::make_unique<Pair>());
  Pair *P = Pairs.back().get();
  P->J = std::move(J);
  auto Match = [&](Pair *S, Pair *R) -> std::optional<std::string> {
    if (S->J.SrcElems != R->J.DstElems || S->J.Type != R->J.Type)
      return fmt::format("error: {} sends {} {} elements to {}, but {} receives {} {} elements "
                         "from it",
                         describe(S->J), S->J.SrcElems, isa::dtype(S->J.Type).Name,
                         CoreName(R->J.Core), describe(R->J), R->J.DstElems,
                         isa::dtype(R->J.Type).Name);
    int64_t ReadyPs = std::max(S->J.JoinPs, R->J.JoinPs);
    int64_t Arrives = ReadyPs;
    uint64_t Bytes = S->J.Src.size();
    for (uint64_t At = 0; At < std::max<uint64_t>(Bytes, 1); At += isa::collectiveSliceBytes()) {
      Arrives = std::max(
          Arrives, Net.send(S->J.Core, R->J.Core,
                            std::min<uint64_t>(isa::collectiveSliceBytes(), Bytes - At), ReadyPs));
      ++Transfers;
    }
    S->SendDonePs = Arrives;
    R->RecvDonePs = Arrives;
    R->Received = S->J.Src;
    for (Pair *X : {S, R})
      if (X->SendDonePs >= 0 && X->RecvDonePs >= 0 && X->J.Instr) {
        answer(X->J, std::max(X->SendDonePs, X->RecvDonePs), std::move(X->Received), Out);
        X->J.Instr = nullptr; // answered
      }
    return std::nullopt;
  };
  auto SendKey = std::pair{P->J.Core, P->J.To}, RecvKey = std::pair{P->J.From, P->J.Core};
  if (auto &Waiting = Recvs[SendKey]; !Waiting.empty()) {
    Pair *R = Waiting.front();
    Waiting.pop_front();
    if (auto Err = Match(P, R))
      return Err;
  } else {
    Sends[SendKey].push_back(P);
  }
  if (auto &Waiting = Sends[RecvKey]; !Waiting.empty()) {
    Pair *S = Waiting.front();
    Waiting.pop_front();
    if (auto Err = Match(S, P))
      return Err;
  } else {
    Recvs[RecvKey].push_back(P);
  }
  std::erase_if(Pairs, [](const std::unique_ptr<Pair> &X) { return !X->J.Instr; });
  return std::nullopt;
}

std::optional<std::string> CollectiveEngine::unfinished() const {
  std::string Msg;
  for (const auto &[Index, G] : Groups) {
    std::vector<std::string> In, Missing;
    std::string Example;
    for (unsigned C = 0; C < Cores; ++C)
      if (G.Parts[C]) {
        In.push_back(std::to_string(C));
        if (Example.empty())
          Example = describe(*G.Parts[C]);
      } else {
        Missing.push_back(std::to_string(C));
      }
    Msg += fmt::format("\nerror: collective #{}: {} waits for every core, but core{} {} never "
                       "joined it (joined: core{} {})",
                       Index, Example, Missing.size() > 1 ? "s" : "", fmt::join(Missing, ", "),
                       In.size() > 1 ? "s" : "", fmt::join(In, ", "));
  }
  for (const auto &[Key, Queue] : Sends)
    for (const Pair *P : Queue)
      Msg += fmt::format("\nerror: {} sends to {}, which never received from {}", describe(P->J),
                         CoreName(Key.second), CoreName(Key.first));
  for (const auto &[Key, Queue] : Recvs)
    for (const Pair *P : Queue)
      Msg += fmt::format("\nerror: {} receives from {}, which never sent to {}", describe(P->J),
                         CoreName(Key.first), CoreName(Key.second));
  if (Msg.empty())
    return std::nullopt;
  return Msg.substr(1);
}

} // namespace trn::emu
