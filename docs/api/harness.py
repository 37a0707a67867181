"""A compiler's test, in Python: build a kernel as data, run it, check it
against NumPy and read what bounds it."""
import numpy as np
import trnemu

# y = 2 * exp(x) + 1 in two column tiles, loads, compute and stores overlapped.
b = trnemu.Builder(chip="trn2")
x = b.tensor("x", "fp32", [128, 1024], "input")
y = b.tensor("y", "fp32", [128, 1024], "output")
xs = b.sbuf("xs", "fp32", [128, 1024])
ys = b.sbuf("ys", "fp32", [128, 1024])
loaded, computed = b.sem("loaded"), b.sem("computed")
for t in range(2):
    cols = slice(t * 512, (t + 1) * 512)
    b.sp.dma_copy(xs[:, cols], x[:, cols], trnemu.q(t, 0)).signal(loaded)
    b.act.activation(ys[:, cols], xs[:, cols], "exp").wait(loaded >= t + 1)
    b.act.tensor_scalar(ys[:, cols], ys[:, cols], "multiply", 2.0,
                        op1="add", operand1=1.0).signal(computed)
    b.sp.dma_copy(y[:, cols], ys[:, cols], trnemu.q(t, 1)).wait(computed >= t + 1)
program = b.finish()

xv = np.random.default_rng(0).uniform(-1, 1, (128, 1024)).astype(np.float32)
result = trnemu.run(program, inputs={"x": xv})  # races are errors by default
checked = trnemu.check(result.outputs["y"], 2 * np.exp(xv.astype(np.float64)) + 1,
                       rtol=1e-5, atol=0, name="y")
assert checked, checked.message
print(checked.message, end="")  # as trn-emu --check prints it
print(f"{result.instructions} instructions, {result.cycles} cycles")
print(result.report["bound"]["summary"])

# The same kernel as assembly text, assembled again: the same program.
assert trnemu.assemble(b.print()).disassemble() == program.disassemble()
