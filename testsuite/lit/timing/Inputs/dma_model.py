"""The DMA model's closed forms (docs/timing-model.md section 9), from the
constants of isa/Chips.td, for the timing tests' expected figures. Nothing
here comes from trn-emu's output."""

# isa/Chips.td: per chip. Trigger: the cost of a DMA instruction on SP (ns),
# by descriptor mode: trn1 static (64 SP cycles at 1.4 GHz), trn2/trn3 the
# hardware DGE (600 ns).
CHIPS = {
    "trn1": dict(engine_mbps=27200, fixed_ns=1300, hbm_chip_gbps=820, cores=2, sbuf_part=196608,
                 sp_mhz=1400, trigger_cycles=64, trigger_ns=0),
    "trn2": dict(engine_mbps=27200, fixed_ns=1300, hbm_chip_gbps=2900, cores=8, sbuf_part=229376,
                 sp_mhz=1200, trigger_cycles=0, trigger_ns=600),
    "trn3": dict(engine_mbps=38400, fixed_ns=1300, hbm_chip_gbps=4900, cores=8, sbuf_part=262144,
                 sp_mhz=1200, trigger_cycles=0, trigger_ns=600),
}
# isa/Chips.td, DmaPipelineNC: the same on every chip.
QUEUE_NS = 790         # per engine and queue, per transfer: the fetch
TRANSFER_NS = 360      # per engine, per transfer: processing
DESCRIPTOR_NS = 5      # per DMA buffer (contiguous run), same stage
COMPLETION_NS = 40     # per engine, per transfer: the semaphore write
MAX_BUFFER = 65536     # bytes of one DMA buffer (a longer run takes several)
TRANSPOSE_HBM = 0.90   # dma_transpose's share of the engine rate, from HBM
TRANSPOSE_SBUF = 0.50  # and from SBUF
ENGINES = 16
PARTITIONS = 128


def hbm_share(chip):
    c = CHIPS[chip]
    return c["hbm_chip_gbps"] / c["cores"]          # GB/s = bytes/ns


def engine_rate(chip, engines=ENGINES, hbm_sides=1, share=1.0):
    """Bytes/ns of each of `engines` engines moving together: the engine's
    rate (times dma_transpose's share), or its part of the core's HBM share
    divided by the sides in HBM, whichever is less."""
    c = CHIPS[chip]
    rate = c["engine_mbps"] / 1000 * share
    if hbm_sides:
        rate = min(rate, hbm_share(chip) / hbm_sides / engines)
    return rate


def trigger_ns(chip):
    """The SP's time for one DMA instruction."""
    c = CHIPS[chip]
    cycles = c["trigger_cycles"] + -(-c["trigger_ns"] * c["sp_mhz"] // 1000)
    return cycles * 1000 / c["sp_mhz"]


def latency_ns(chip):
    """Trigger to engines: the fixed latency less the stages within it."""
    return CHIPS[chip]["fixed_ns"] - QUEUE_NS - TRANSFER_NS - COMPLETION_NS


def buffers(run_bytes, runs):
    """DMA buffers for `runs` contiguous runs of `run_bytes` on one
    partition (or row): max(runs, ceil(bytes / MAX_BUFFER))."""
    return max(runs, -(-run_bytes * runs // MAX_BUFFER))


def isolated_ns(chip, engine_bytes, engine_buffers, engines=ENGINES, hbm_sides=1, share=1.0):
    """One transfer alone, every engine with the same part: latency, fetch,
    processing, bytes, completion = DmaFixedNs + buffers x DescriptorNs +
    bytes / rate."""
    return (latency_ns(chip) + QUEUE_NS + TRANSFER_NS + engine_buffers * DESCRIPTOR_NS
            + engine_bytes / engine_rate(chip, engines, hbm_sides, share) + COMPLETION_NS)


def stream_period_ns(chip, queues, engine_bytes, engine_buffers, hbm_sides=1):
    """Steady state of back-to-back transfers spread round-robin over
    `queues` queues, every engine with the same part, triggered by SP: the
    time per transfer. Each queue fetches one part at a time (QueueNs, so
    `queues` of them in parallel); each engine processes one at a time and
    moves one at a time; one queue also waits for each completion before
    moving the next part's data, which other queues hide."""
    fetch = QUEUE_NS / queues
    processing = TRANSFER_NS + engine_buffers * DESCRIPTOR_NS
    data = engine_bytes / engine_rate(chip, ENGINES, hbm_sides)
    if queues == 1:
        data += COMPLETION_NS
    return max(fetch, processing, data, trigger_ns(chip))
