// The HTML view's script (trn-emu --html): draws the run held in the page's
// #data element. Hand-written, no library, nothing fetched. Times are
// integer picoseconds, as the emulator counts them.
"use strict";
(function () {
  var Started = performance.now();
  var D = JSON.parse(document.getElementById("data").textContent);
  var NumEngines = D.engines.length;

  // ---- Data: decode the compact arrays ---------------------------------
  function cumulative(Deltas, Start) {
    var Out = new Float64Array(Deltas.length), V = Start;
    for (var K = 0; K < Deltas.length; ++K) { V += Deltas[K]; Out[K] = V; }
    return Out;
  }
  var Tracks = D.tracks.map(function (T) {
    var N = T.g.length, Start = new Float64Array(N), End = new Float64Array(N);
    var Index = new Float64Array(N), Cycles = T.c ? new Float64Array(N) : null;
    var Prev = 0, Dur = 0, Idx = -1, Cyc = 0;
    for (var K = 0; K < N; ++K) {
      Start[K] = Prev + T.g[K];
      Dur += T.d[K];
      End[K] = Start[K] + Dur;
      Prev = End[K];
      Idx += T.x[K] + 1;
      Index[K] = Idx;
      if (Cycles) { Cyc += T.c[K]; Cycles[K] = Cyc; }
    }
    var Waits = new Map();
    for (var W = 0; W + 6 < T.w.length; W += 7)
      Waits.set(T.w[W], { waited: T.w[W + 1], sem: T.w[W + 2], kind: T.w[W + 3], src: T.w[W + 4],
                          index: T.w[W + 5], ps: T.w[W + 6] });
    var Name = T.queue !== undefined ? T.name : D.engines[T.eng][0] + " (" + D.engines[T.eng][1] + ")";
    return { name: Name, eng: T.eng, queue: T.queue, n: N, start: Start, end: End, index: Index,
             cycles: Cycles, issuer: T.e || null, bytes: T.b || null, waits: Waits };
  });
  var QueueTrack = new Map();
  Tracks.forEach(function (T, K) { if (T.queue !== undefined) QueueTrack.set(T.queue, K); });
  var Counters = D.counters.map(function (C) {
    var Times = cumulative(C.p, 0), Max = 0;
    for (var K = 0; K < C.v.length; ++K) Max = Math.max(Max, C.v[K]);
    return { name: C.name, t: Times, v: C.v, max: Max };
  });

  // First K with A[K] >= V (A sorted).
  function lowerBound(A, V) {
    var Lo = 0, Hi = A.length;
    while (Lo < Hi) { var M = (Lo + Hi) >>> 1; if (A[M] < V) Lo = M + 1; else Hi = M; }
    return Lo;
  }
  // The slice on track T that ends at Ps (the sender of a signal).
  function sliceEndingAt(T, Ps) {
    var K = lowerBound(T.end, Ps);
    return K < T.n && T.end[K] === Ps ? K : -1;
  }
  // Each wait's sender slice, and the reverse: the waits a slice released.
  var Released = new Map();
  function key(Track, Slice) { return Track * 4294967296 + Slice; }
  Tracks.forEach(function (T, TK) {
    T.waits.forEach(function (W, Slice) {
      W.from = null;
      var ST = W.kind === 1 ? W.src : W.kind === 2 ? QueueTrack.get(W.src) : undefined;
      if (ST === undefined) return;
      var S = sliceEndingAt(Tracks[ST], W.ps);
      if (S < 0) return;
      W.from = [ST, S];
      var Kk = key(ST, S);
      if (!Released.has(Kk)) Released.set(Kk, []);
      Released.get(Kk).push([TK, Slice]);
    });
  });

  // ---- Text helpers -----------------------------------------------------
  function ns(Ps) { return (Ps / 1000).toFixed(3); }
  function nsText(Ps) {
    if (Ps >= 1e9) return (Ps / 1e9).toFixed(3) + " ms";
    if (Ps >= 1e6) return (Ps / 1e6).toFixed(3) + " us";
    return (Ps / 1e3).toFixed(3) + " ns";
  }
  function instrOf(Eng, Index) {
    var S = D.streams[Eng];
    if (!S || Index >= S.t.length) return { text: "?", where: "" };
    var Line = S.l[Index];
    return { text: D.texts[S.t[Index]], where: Line ? D.files[S.f[Index]] + ":" + Line : "",
             mnemonic: D.texts[S.t[Index]].split(" ")[0],
             transfer: S.d[Index] >= 0 ? D.texts[S.d[Index]] : "dma" };
  }
  function semName(Sem) {
    if (Sem < 0) return "?";
    var N = D.semnames[Sem];
    return "s" + Sem + (N ? " (" + N + ")" : "");
  }
  function senderText(W) {
    if (W.kind === 0) return "its initial value";
    if (W.kind === 1) {
      var I = instrOf(W.src, W.index);
      return D.engines[W.src][0] + " #" + W.index + (I.where ? " at " + I.where : "");
    }
    var Q = Tracks[QueueTrack.get(W.src)];
    var Eng = W.index; // the trigger's index; its engine is on the queue's slice
    var Name = Q ? Q.name : "DMA queue " + W.src;
    if (W.from) {
      var T = Tracks[W.from[0]], E = T.issuer[W.from[1]], In = instrOf(E, Eng);
      return Name + " (" + D.engines[E][0] + " #" + Eng + (In.where ? " at " + In.where : "") + ")";
    }
    return Name;
  }
  function colourOf(Text) {
    var H = 0;
    for (var K = 0; K < Text.length; ++K) H = (H * 31 + Text.charCodeAt(K)) >>> 0;
    return "hsl(" + (H % 360) + ",55%,62%)";
  }

  // ---- Summary and fault ------------------------------------------------
  document.getElementById("summary").textContent =
    D.chip + ": " + nsText(D.total) + ", " + D.instructions + " instructions, " +
    Tracks.reduce(function (S, T) { return S + (T.queue !== undefined ? T.n : 0); }, 0) + " DMA transfers";
  if (D.fault) {
    var F = document.getElementById("fault");
    F.hidden = false;
    F.textContent = (D.fault.kind === "deadlock" ? "Deadlock" : "Fault (" + D.fault.kind + ")") +
      " at " + nsText(D.fault.ps) + ":\n" + D.fault.message;
  }

  // ---- Timeline ---------------------------------------------------------
  var Canvas = document.getElementById("tl"), Ctx = Canvas.getContext("2d");
  var Tip = document.getElementById("tip");
  var LabelW = 150, AxisH = 22, RowH = 22, CounterH = 34;
  var End = Math.max(D.total, 1);
  Tracks.forEach(function (T) { if (T.n) End = Math.max(End, T.end[T.n - 1]); });
  // The whole run, with a margin that keeps a marker at its end in view.
  var FitEnd = End * 1.02;
  var View = { t0: 0, t1: FitEnd };
  var Hover = null, Selected = null;
  var Rows = [];
  Tracks.forEach(function (T, K) { Rows.push({ kind: "track", k: K, h: RowH }); });
  Counters.forEach(function (C, K) { Rows.push({ kind: "counter", k: K, h: CounterH }); });
  var Y = [], Height = AxisH;
  Rows.forEach(function (R) { Y.push(Height); Height += R.h; });
  var Width = 0;

  function resize() {
    var R = window.devicePixelRatio || 1;
    Width = Math.max(400, Canvas.parentNode.clientWidth || 1000);
    Canvas.width = Math.floor(Width * R);
    Canvas.height = Math.floor(Height * R);
    Canvas.style.height = Height + "px";
    Ctx.setTransform(R, 0, 0, R, 0, 0);
  }
  function plotW() { return Width - LabelW; }
  function X(Ps) { return LabelW + (Ps - View.t0) / (View.t1 - View.t0) * plotW(); }
  function T(Px) { return View.t0 + (Px - LabelW) / plotW() * (View.t1 - View.t0); }

  function niceStep(Span, Target) {
    var Raw = Span / Target, P = Math.pow(10, Math.floor(Math.log10(Raw)));
    var M = Raw / P;
    return (M < 2 ? 2 : M < 5 ? 5 : 10) * P;
  }
  function drawAxis() {
    Ctx.fillStyle = "#f4f4f4";
    Ctx.fillRect(0, 0, Width, AxisH);
    var Step = niceStep(View.t1 - View.t0, 8);
    Ctx.fillStyle = "#444";
    Ctx.strokeStyle = "#e4e4e4";
    Ctx.font = "11px system-ui, sans-serif";
    Ctx.textBaseline = "middle";
    for (var Tk = Math.ceil(View.t0 / Step) * Step; Tk <= View.t1; Tk += Step) {
      var Px = X(Tk);
      Ctx.beginPath(); Ctx.moveTo(Px + 0.5, AxisH); Ctx.lineTo(Px + 0.5, Height); Ctx.stroke();
      Ctx.fillText(nsText(Tk), Px + 3, AxisH / 2);
    }
  }
  // Slices at least a pixel wide are drawn one by one; narrower ones are
  // merged into one-pixel columns, found by binary search, so a frame costs
  // about a search per pixel however many slices there are.
  function drawTrack(Tr, Y0, H) {
    var Left = Tr.start, N = Tr.n;
    var K = lowerBound(Tr.end, View.t0);
    var Merged = 0;
    while (K < N && Left[K] < View.t1) {
      var X0 = X(Left[K]), X1 = X(Tr.end[K]);
      if (X1 - X0 >= 1) {
        var Queued = Tr.queue !== undefined;
        var Text = Queued ? instrOf(Tr.issuer[K], Tr.index[K]).transfer
                          : instrOf(Tr.eng, Tr.index[K]).mnemonic;
        Ctx.fillStyle = colourOf(Queued ? "dma" : Text);
        Ctx.fillRect(X0, Y0 + 2, Math.max(1, X1 - X0 - 0.5), H - 6);
        if (X1 - X0 > 40) {
          Ctx.fillStyle = "#111";
          Ctx.save();
          Ctx.beginPath(); Ctx.rect(X0, Y0, X1 - X0, H); Ctx.clip();
          Ctx.fillText(Text, Math.max(X0, LabelW) + 2, Y0 + H / 2 - 1);
          Ctx.restore();
        }
        ++K;
      } else {
        var Px = Math.floor(X0);
        var Next = lowerBound(Left, T(Px + 1));
        if (Next <= K) Next = K + 1;
        Ctx.fillStyle = "#556";
        Ctx.fillRect(Px, Y0 + 2, 1, H - 6);
        Merged += Next - K;
        K = Next;
      }
    }
    // Waiting before a slice: a thin line under the track.
    Ctx.fillStyle = "#d8a040";
    Tr.waits.forEach(function (W, S) {
      if (W.waited <= 0) return;
      var A = Tr.start[S] - W.waited, B = Tr.start[S];
      if (B < View.t0 || A > View.t1) return;
      var XA = Math.max(LabelW, X(A)), XB = X(B);
      Ctx.fillRect(XA, Y0 + H - 4, Math.max(1, XB - XA), 2);
    });
    return Merged;
  }
  function drawCounter(C, Y0, H) {
    var Scale = C.max > 0 ? (H - 6) / C.max : 0, Base = Y0 + H - 2;
    Ctx.strokeStyle = "#2a7a4a";
    Ctx.fillStyle = "rgba(42,122,74,.18)";
    var K = Math.max(0, lowerBound(C.t, View.t0) - 1);
    Ctx.beginPath();
    Ctx.moveTo(LabelW, Base);
    var V = K < C.t.length && C.t[K] <= View.t0 ? C.v[K] : 0;
    var LastX = LabelW;
    Ctx.lineTo(LabelW, Base - V * Scale);
    for (; K < C.t.length && C.t[K] <= View.t1; ++K) {
      var Px = Math.max(LabelW, X(C.t[K]));
      // Within one pixel: the column spans the values' range.
      Ctx.lineTo(Px, Base - V * Scale);
      V = C.v[K];
      Ctx.lineTo(Px, Base - V * Scale);
      LastX = Px;
    }
    Ctx.lineTo(Width, Base - V * Scale);
    Ctx.lineTo(Width, Base);
    Ctx.closePath();
    Ctx.fill();
    Ctx.stroke();
    Ctx.fillStyle = "#666";
    Ctx.fillText("max " + (Math.round(C.max * 100) / 100), Width - 80, Y0 + 8);
    return LastX;
  }
  function trackY(K) { return Y[K] + RowH / 2; }
  var Arrows = 0;
  function arrow(FromTrack, FromSlice, ToTrack, ToSlice, Colour) {
    ++Arrows;
    var X0 = X(Tracks[FromTrack].end[FromSlice]), Y0 = trackY(FromTrack);
    var X1 = X(Tracks[ToTrack].start[ToSlice]), Y1 = trackY(ToTrack);
    Ctx.strokeStyle = Colour; Ctx.fillStyle = Colour; Ctx.lineWidth = 1.5;
    Ctx.beginPath(); Ctx.moveTo(X0, Y0);
    Ctx.bezierCurveTo((X0 + X1) / 2, Y0, (X0 + X1) / 2, Y1, X1, Y1); Ctx.stroke();
    var A = Math.atan2(Y1 - Y0, Math.max(1, X1 - (X0 + X1) / 2));
    Ctx.beginPath(); Ctx.moveTo(X1, Y1);
    Ctx.lineTo(X1 - 7 * Math.cos(A - 0.4), Y1 - 7 * Math.sin(A - 0.4));
    Ctx.lineTo(X1 - 7 * Math.cos(A + 0.4), Y1 - 7 * Math.sin(A + 0.4));
    Ctx.closePath(); Ctx.fill(); Ctx.lineWidth = 1;
  }
  function drawArrows(Sel) {
    if (!Sel) return;
    var Tr = Tracks[Sel[0]], W = Tr.waits.get(Sel[1]);
    if (W && W.from) arrow(W.from[0], W.from[1], Sel[0], Sel[1], "#c0392b");
    (Released.get(key(Sel[0], Sel[1])) || []).forEach(function (To) {
      arrow(Sel[0], Sel[1], To[0], To[1], "#1f6fb2");
    });
    Ctx.strokeStyle = "#000";
    Ctx.strokeRect(X(Tr.start[Sel[1]]), Y[Sel[0]] + 1, Math.max(2, X(Tr.end[Sel[1]]) - X(Tr.start[Sel[1]])), RowH - 4);
  }
  var Drawn = [];
  function draw() {
    Ctx.clearRect(0, 0, Width, Height);
    Arrows = 0;
    drawAxis();
    Ctx.font = "11px system-ui, sans-serif";
    Ctx.textBaseline = "middle";
    Drawn = [];
    Rows.forEach(function (R, K) {
      var Y0 = Y[K];
      Ctx.fillStyle = K % 2 ? "#fafafa" : "#fff";
      Ctx.fillRect(LabelW, Y0, plotW(), R.h);
      Ctx.save();
      Ctx.beginPath(); Ctx.rect(LabelW, Y0, plotW(), R.h); Ctx.clip();
      if (R.kind === "track") drawTrack(Tracks[R.k], Y0, R.h);
      else drawCounter(Counters[R.k], Y0, R.h);
      Ctx.restore();
      var Name = R.kind === "track" ? Tracks[R.k].name : Counters[R.k].name;
      Ctx.fillStyle = "#eee"; Ctx.fillRect(0, Y0, LabelW, R.h);
      Ctx.fillStyle = D.fault && R.kind === "track" && Tracks[R.k].queue === undefined &&
        Tracks[R.k].eng === D.fault.eng ? "#c00" : "#222";
      Ctx.fillText(Name, 6, Y0 + R.h / 2);
      Ctx.strokeStyle = "#ddd";
      Ctx.beginPath(); Ctx.moveTo(0, Y0 + R.h - 0.5); Ctx.lineTo(Width, Y0 + R.h - 0.5); Ctx.stroke();
      Drawn.push(Name);
    });
    Ctx.save();
    Ctx.beginPath(); Ctx.rect(LabelW, 0, plotW(), Height); Ctx.clip();
    drawArrows(Selected);
    if (Hover && (!Selected || Hover[0] !== Selected[0] || Hover[1] !== Selected[1])) drawArrows(Hover);
    if (D.fault) {
      var FX = X(D.fault.ps);
      Ctx.strokeStyle = "#d00"; Ctx.lineWidth = 2;
      Ctx.beginPath(); Ctx.moveTo(FX, AxisH); Ctx.lineTo(FX, Height); Ctx.stroke();
      Ctx.lineWidth = 1; Ctx.fillStyle = "#d00";
      var Label = D.fault.kind, LW = Ctx.measureText(Label).width;
      Ctx.fillText(Label, FX + 4 + LW > Width ? FX - 4 - LW : FX + 4, AxisH + 8);
    }
    Ctx.restore();
    document.getElementById("range").textContent = nsText(View.t0) + " .. " + nsText(View.t1);
    document.documentElement.setAttribute("data-tracks", Drawn.join(","));
    document.documentElement.setAttribute("data-arrows", String(Arrows));
  }
  var Pending = false;
  function redraw() {
    if (Pending) return;
    Pending = true;
    window.requestAnimationFrame(function () { Pending = false; draw(); });
  }
  function zoom(Factor, AtPs) {
    var Span = (View.t1 - View.t0) * Factor;
    Span = Math.max(Span, 10); // 10 ps across the screen at most
    Span = Math.min(Span, End * 1.5);
    var F = (AtPs - View.t0) / (View.t1 - View.t0);
    View.t0 = AtPs - F * Span;
    View.t1 = View.t0 + Span;
    redraw();
  }
  document.getElementById("zoom-in").onclick = function () { zoom(0.5, (View.t0 + View.t1) / 2); };
  document.getElementById("zoom-out").onclick = function () { zoom(2, (View.t0 + View.t1) / 2); };
  document.getElementById("zoom-fit").onclick = function () { View.t0 = 0; View.t1 = FitEnd; redraw(); };
  Canvas.addEventListener("wheel", function (E) {
    E.preventDefault();
    var R = Canvas.getBoundingClientRect(), Px = E.clientX - R.left;
    if (Px < LabelW) return;
    zoom(E.deltaY > 0 ? 1.25 : 0.8, T(Px));
  }, { passive: false });
  var Drag = null;
  Canvas.addEventListener("mousedown", function (E) {
    Drag = { x: E.clientX, t0: View.t0, t1: View.t1, moved: false };
    Canvas.style.cursor = "grabbing";
  });
  window.addEventListener("mouseup", function (E) {
    if (Drag && !Drag.moved) { Selected = hit(E); redraw(); }
    Drag = null;
    Canvas.style.cursor = "grab";
  });
  function hit(E) {
    var R = Canvas.getBoundingClientRect(), Px = E.clientX - R.left, Py = E.clientY - R.top;
    if (Px < LabelW) return null;
    for (var K = 0; K < Tracks.length; ++K) {
      if (Py < Y[K] || Py >= Y[K] + RowH) continue;
      var Tr = Tracks[K], At = T(Px), Slop = 3 * (View.t1 - View.t0) / plotW();
      var S = lowerBound(Tr.end, At - Slop);
      if (S < Tr.n && Tr.start[S] <= At + Slop) return [K, S];
      return null;
    }
    return null;
  }
  function describe(Sel) {
    var Tr = Tracks[Sel[0]], S = Sel[1], Lines = [];
    if (Tr.queue !== undefined) {
      var E = Tr.issuer[S], I = instrOf(E, Tr.index[S]);
      Lines.push(Tr.name + ": " + I.transfer + ", " + Tr.bytes[S] + " bytes for " + D.engines[E][0] + " #" + Tr.index[S]);
      Lines.push(I.text);
      if (I.where) Lines.push("source: " + I.where);
    } else {
      var In = instrOf(Tr.eng, Tr.index[S]);
      Lines.push(D.engines[Tr.eng][0] + " #" + Tr.index[S] + ": " + In.text);
      Lines.push("source: " + (In.where || "(no line table)"));
    }
    Lines.push("start " + ns(Tr.start[S]) + " ns, end " + ns(Tr.end[S]) + " ns, " +
               ns(Tr.end[S] - Tr.start[S]) + " ns" + (Tr.cycles ? ", " + Tr.cycles[S] + " cycles" : ""));
    var W = Tr.waits.get(S);
    if (W)
      Lines.push((W.waited > 0 ? "waited " + ns(W.waited) + " ns" : "did not stall") + " on " +
                 semName(W.sem) + ", released by " + senderText(W));
    var Out = Released.get(key(Sel[0], S));
    if (Out) Lines.push("its signal released " + Out.length + " wait" + (Out.length > 1 ? "s" : ""));
    return Lines.join("\n");
  }
  Canvas.addEventListener("mousemove", function (E) {
    if (Drag) {
      var Dx = E.clientX - Drag.x;
      if (Math.abs(Dx) > 2) Drag.moved = true;
      var Dt = Dx / plotW() * (Drag.t1 - Drag.t0);
      View.t0 = Drag.t0 - Dt; View.t1 = Drag.t1 - Dt;
      redraw();
      return;
    }
    var H = hit(E);
    var Same = H && Hover && H[0] === Hover[0] && H[1] === Hover[1];
    if (!Same) { Hover = H; redraw(); }
    if (!H) { Tip.hidden = true; return; }
    var R = Canvas.getBoundingClientRect();
    Tip.textContent = describe(H);
    Tip.hidden = false;
    var Left = E.clientX - R.left + 14;
    Tip.style.left = Math.min(Left, Math.max(0, Width - Tip.offsetWidth - 4)) + "px";
    Tip.style.top = (E.clientY - R.top + 16) + "px";
  });
  Canvas.addEventListener("mouseleave", function () { Tip.hidden = true; Hover = null; redraw(); });
  window.addEventListener("resize", function () { resize(); redraw(); });

  // ---- The report as pictures --------------------------------------------
  var Rep = D.report;
  function svg(W, H, Body) {
    return '<svg xmlns="http://www.w3.org/2000/svg" width="' + W + '" height="' + H +
           '" viewBox="0 0 ' + W + " " + H + '">' + Body + "</svg>";
  }
  function esc(S) { return String(S).replace(/&/g, "&amp;").replace(/</g, "&lt;"); }
  function pct(Part) { return Rep.total > 0 ? 100 * Part / Rep.total : 0; }
  document.getElementById("verdict").textContent = Rep.verdict ? "Verdict: " + Rep.verdict : "";
  (function utilisation() {
    var Body = "", Y0 = 4, BarW = 260;
    Rep.engines.forEach(function (E) {
      var A = pct(E.active), S = pct(E.stalled);
      Body += '<text x="0" y="' + (Y0 + 11) + '">' + esc(E.id) + "</text>";
      Body += '<rect x="40" y="' + Y0 + '" width="' + BarW + '" height="14" fill="#eee"/>';
      Body += '<rect x="40" y="' + Y0 + '" width="' + (BarW * A / 100) + '" height="14" fill="#3b78c2"/>';
      Body += '<rect x="' + (40 + BarW * A / 100) + '" y="' + Y0 + '" width="' + (BarW * S / 100) +
              '" height="14" fill="#d8a040"/>';
      Body += '<text x="' + (48 + BarW) + '" y="' + (Y0 + 11) + '">' + A.toFixed(1) + "% busy, " +
              S.toFixed(1) + "% waiting</text>";
      Y0 += 20;
    });
    Body += '<rect x="40" y="' + (Y0 + 4) + '" width="10" height="10" fill="#3b78c2"/><text x="54" y="' +
            (Y0 + 13) + '">busy</text><rect x="100" y="' + (Y0 + 4) +
            '" width="10" height="10" fill="#d8a040"/><text x="114" y="' + (Y0 + 13) +
            '">waiting on semaphores</text>';
    document.getElementById("util").innerHTML = svg(480, Y0 + 20, Body);
  })();
  (function mfu() {
    var Items = [["MFU", Rep.mfu, Rep.mfu.toFixed(2) + "% of TensorE's peak"],
                 ["HBM", Rep.hbm_peak_gbps > 0 ? 100 * Rep.hbm_gbps / Rep.hbm_peak_gbps : 0,
                  Rep.hbm_gbps.toFixed(2) + " of " + Rep.hbm_peak_gbps.toFixed(2) + " GB/s"],
                 ["DMA", Rep.dma_peak_gbps > 0 ? 100 * Rep.dma_gbps / Rep.dma_peak_gbps : 0,
                  Rep.dma_gbps.toFixed(2) + " of " + Rep.dma_peak_gbps.toFixed(2) + " GB/s"]];
    var Body = "", Y0 = 4;
    Items.forEach(function (It) {
      var V = Math.max(0, Math.min(100, It[1]));
      Body += '<text x="0" y="' + (Y0 + 11) + '">' + It[0] + "</text>";
      Body += '<rect x="40" y="' + Y0 + '" width="200" height="14" fill="#eee"/>';
      Body += '<rect x="40" y="' + Y0 + '" width="' + (2 * V) + '" height="14" fill="#6a4fb3"/>';
      Body += '<text x="248" y="' + (Y0 + 11) + '">' + esc(It[2]) + "</text>";
      Y0 += 20;
    });
    document.getElementById("mfu").innerHTML = svg(420, Y0 + 4, Body);
  })();
  (function roofline() {
    // Log-log: arithmetic intensity (matmul FLOP per HBM byte) against
    // FLOP/s; the roof is min(peak FLOP/s, intensity x HBM bandwidth).
    var W = 360, H = 240, L = 50, B = 30, Peak = Rep.peak_flops, Bw = Rep.hbm_peak_gbps * 1e9;
    var Bytes = Rep.hbm_read + Rep.hbm_write, Secs = Rep.total * 1e-12;
    var AI = Bytes > 0 ? Rep.flops / Bytes : 0, Achieved = Secs > 0 ? Rep.flops / Secs : 0;
    var XMin = -2, XMax = 4;
    var YMax = Math.ceil(Math.log10(Math.max(Peak, 1))) + 0.3, YMin = YMax - 7;
    function PX(V) { return L + (Math.log10(V) - XMin) / (XMax - XMin) * (W - L - 10); }
    function PY(V) { return H - B - (Math.log10(V) - YMin) / (YMax - YMin) * (H - B - 10); }
    var Body = '<rect x="' + L + '" y="10" width="' + (W - L - 10) + '" height="' + (H - B - 10) +
               '" fill="#fafafa" stroke="#ccc"/>';
    for (var E = XMin; E <= XMax; ++E)
      Body += '<text x="' + (PX(Math.pow(10, E)) - 8) + '" y="' + (H - B + 14) + '">1e' + E + "</text>";
    for (var F = Math.ceil(YMin); F <= Math.floor(YMax); F += 2)
      Body += '<text x="2" y="' + (PY(Math.pow(10, F)) + 4) + '">1e' + F + "</text>";
    Body += '<text x="' + (L + 60) + '" y="' + (H - 2) + '">FLOP per HBM byte</text>';
    if (Peak > 0 && Bw > 0) {
      var Ridge = Peak / Bw, Pts = [];
      [Math.pow(10, XMin), Ridge, Math.pow(10, XMax)].forEach(function (V) {
        if (V >= Math.pow(10, XMin) && V <= Math.pow(10, XMax))
          Pts.push(PX(V) + "," + PY(Math.max(Math.pow(10, YMin), Math.min(Peak, V * Bw))));
      });
      Body += '<polyline fill="none" stroke="#c0392b" stroke-width="2" points="' + Pts.join(" ") + '"/>';
      Body += '<text x="' + (L + 6) + '" y="24">peak ' + (Peak / 1e12).toFixed(1) + " TFLOP/s, HBM " +
              Rep.hbm_peak_gbps.toFixed(1) + " GB/s</text>";
    }
    if (AI > 0 && Achieved > 0) {
      var CX = PX(Math.min(Math.max(AI, Math.pow(10, XMin)), Math.pow(10, XMax)));
      var CY = PY(Math.max(Achieved, Math.pow(10, YMin)));
      Body += '<circle cx="' + CX + '" cy="' + CY + '" r="5" fill="#1f6fb2"/>';
      // The label on the side of the point with room for it (inside the plot).
      var Right = CX < (L + W) / 2;
      Body += '<text x="' + (Right ? CX + 8 : CX - 8) + '" y="' + (CY + 4) + '"' +
              (Right ? "" : ' text-anchor="end"') + ">this kernel: " +
              (Achieved / 1e12).toFixed(2) + " TFLOP/s at " + AI.toFixed(1) + "</text>";
    } else {
      Body += '<text x="' + (L + 6) + '" y="40">no point: no matmul FLOPs or no HBM bytes</text>';
    }
    document.getElementById("roofline").innerHTML = svg(W, H, Body);
  })();
  (function stalls() {
    var Body = "", Y0 = 4, Max = 0;
    Rep.engines.forEach(function (E) { E.stalls.forEach(function (S) { Max = Math.max(Max, S[1]); }); });
    Rep.engines.forEach(function (E) {
      E.stalls.forEach(function (S) {
        Body += '<text x="0" y="' + (Y0 + 11) + '">' + esc(E.id) + "</text>";
        Body += '<rect x="40" y="' + Y0 + '" width="' + (Max > 0 ? 240 * S[1] / Max : 0) +
                '" height="14" fill="#d8a040"/>';
        Body += '<text x="288" y="' + (Y0 + 11) + '">' + ns(S[1]) + " ns (" + pct(S[1]).toFixed(1) +
                "%) on " + esc(S[0]) + "</text>";
        Y0 += 18;
      });
    });
    document.getElementById("stalls").innerHTML =
      Y0 > 4 ? svg(1000, Y0 + 4, Body) : "<p>No engine waited on a semaphore.</p>";
  })();

  // ---- The source with the time per line ----------------------------------
  (function listing() {
    var ByLine = new Map(), MaxBusy = 0;
    D.profile.forEach(function (P) {
      if (!P[1]) return;
      var K = P[0] + ":" + P[1], R = ByLine.get(K) || { busy: 0, wait: 0, dma: 0, runs: 0, engines: [] };
      R.busy += P[4]; R.wait += P[5]; R.dma += P[6]; R.runs += P[3];
      R.engines.push(D.engines[P[2]][0]);
      ByLine.set(K, R);
      MaxBusy = Math.max(MaxBusy, R.busy + R.wait);
    });
    var Html = '<p class="legend">busy ns, waiting ns, DMA ns, executions, engines:' +
               '<span class="busy"></span>busy<span class="wait"></span>waiting</p>';
    D.files.forEach(function (File, FK) {
      var Text = D.sources[FK];
      Html += '<div class="file">' + esc(File) + "</div><table>";
      var Lines = Text ? Text.split("\n") : [];
      if (Lines.length && Lines[Lines.length - 1] === "") Lines.pop();
      if (!Lines.length) {
        Html += "<tr><td>(the source could not be read: only its profiled lines)</td></tr>";
        ByLine.forEach(function (R, K) {
          if (K.split(":")[0] === String(FK)) Lines[+K.split(":")[1] - 1] = "";
        });
      }
      // A long (generated) file: only its lines that ran, so that the
      // listing stays a few thousand rows.
      var Only = null;
      if (Lines.length > 5000) {
        Only = [];
        ByLine.forEach(function (R, K) {
          if (K.split(":")[0] === String(FK)) Only.push(+K.split(":")[1] - 1);
        });
        Only.sort(function (A, B) { return A - B; });
        Html += "<tr><td></td><td colspan=\"7\">(" + Lines.length +
                " lines: only those that ran are listed)</td></tr>";
      }
      for (var Row = 0; Row < (Only ? Only.length : Lines.length); ++Row) {
        var L = Only ? Only[Row] : Row;
        var R = ByLine.get(FK + ":" + (L + 1));
        if (Lines[L] === undefined) continue;
        Html += "<tr" + (R ? ' class="hot"' : "") + '><td class="n">' + (L + 1) + "</td>";
        if (R) {
          var BW = MaxBusy > 0 ? 110 * R.busy / MaxBusy : 0, WW = MaxBusy > 0 ? 110 * R.wait / MaxBusy : 0;
          Html += '<td class="bar"><span class="busy" style="width:' + BW.toFixed(1) +
                  'px"></span><span class="wait" style="width:' + WW.toFixed(1) + 'px"></span></td>' +
                  '<td class="n">' + ns(R.busy) + '</td><td class="n">' + ns(R.wait) + '</td><td class="n">' +
                  ns(R.dma) + '</td><td class="n">' + R.runs + "</td><td>" + R.engines.join(",") + "</td>";
        } else {
          Html += '<td class="bar"></td><td></td><td></td><td></td><td></td><td></td>';
        }
        Html += '<td class="code">' + esc(Lines[L]) + "</td></tr>";
      }
      Html += "</table>";
    });
    document.getElementById("listing").innerHTML = Html;
  })();

  // #slice=TRACK,INDEX (or ?slice=) in the address selects a slice (a link to it; the
  // browser test checks its description and arrows this way).
  var Wanted = /slice=(\d+),(\d+)/.exec(window.location.hash + window.location.search);
  if (Wanted && +Wanted[1] < Tracks.length && +Wanted[2] < Tracks[+Wanted[1]].n) {
    Selected = [+Wanted[1], +Wanted[2]];
    // Zoomed in around it: about forty of its widths.
    var Sel = Tracks[Selected[0]], Mid = (Sel.start[Selected[1]] + Sel.end[Selected[1]]) / 2;
    var Span = Math.max(40 * (Sel.end[Selected[1]] - Sel.start[Selected[1]]), 100);
    View.t0 = Mid - Span / 2;
    View.t1 = Mid + Span / 2;
    document.documentElement.setAttribute("data-selected", describe(Selected));
  }
  resize();
  draw();
  // How long decoding and the first frame took (the page's own figure of
  // its speed; docs/html-view.md).
  document.documentElement.setAttribute("data-draw-ms", String(Math.round(performance.now() - Started)));
  document.documentElement.setAttribute("data-ready", "1");
})();
