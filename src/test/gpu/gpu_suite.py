#!/usr/bin/env python3
"""The Sluice GPU suite: runs each GPU workload natively and then under `sluice run --gpus all
--stats`, compares the two, and prints a table whose last line is `gpu suite: N passed, M failed`.

Called by run-suite.sh (which first checks that the host has an NVIDIA GPU); see README.md here.

  gpu_suite.py [--out DIR] [--only a,b] [--sluice PATH] [--timeout S] [--bench [N]] [--list] [--selftest]

Workload contract (every program in this directory): lines `metric <name> <value> <unit>`, optional
lines `check <name> <value>` (must be identical in the native and the sandboxed run), and a last
stdout line containing PASS, FAIL or SKIP; exit 0 on PASS. Lines `info note <text>` of a sandboxed
run are copied into the report's notes.

--bench N (default 5) runs the performance workloads (memcpy_bw, torch_matmul, cuda_init) N times per
mode, alternating native and sandboxed runs, and adds a table of medians and per-pair ratios.

Environment: SLUICE_RUN_FLAGS (default `--gpus all`) are the flags given to `sluice run` besides
`--stats`; SLUICE_DMABUF_FLAGS (default `--nvproxy-caps compute,utility,rdma`) are added for
dmabuf_export; SLUICE_BIN overrides bin/sluice; NVCC the compiler; SLUICE_NVCC_ARCH the -arch value
(default sm_XY from nvidia-smi's compute capability); SLUICE_GPU_PYTHON the python for the PyTorch
workloads (default: this interpreter).
"""

import argparse
import concurrent.futures
import dataclasses
import json
import os
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional, Tuple

GPU_DIR = Path(__file__).resolve().parent
REPO = GPU_DIR.parents[2]
DEFAULT_OUT = Path("/tmp/sluice-gpu-suite")
DEFAULT_RUN_FLAGS = "--gpus all"
DEFAULT_DMABUF_FLAGS = "--nvproxy-caps compute,utility,rdma"
DEFAULT_TIMEOUT = 300
DEFAULT_BENCH = 5
DMABUF_SLUICE_FLAGS = tuple(shlex.split(os.environ.get("SLUICE_DMABUF_FLAGS", DEFAULT_DMABUF_FLAGS)))

# ---- workloads -------------------------------------------------------------------------------


@dataclasses.dataclass
class Workload:
    name: str
    group: str                      # cuda | torch | smi
    cmd: List[str]                  # placeholders: {build} {gpu} {python} {gpu_name}
    src: Optional[str] = None       # CUDA source in GPU_DIR, built into {build}/<name of src>
    libs: Tuple[str, ...] = ()
    key: Optional[str] = None       # the metric shown in the table's key-metric column
    runs: int = 1                   # runs per mode; metrics are the median over runs
    tolerance: Dict[str, float] = dataclasses.field(default_factory=dict)  # metric -> max rel diff
    fds_check: bool = False         # sandboxed stats must show sentry fds start == end
    timeout: Optional[int] = None   # per run; default --timeout
    sluice_flags: Tuple[str, ...] = ()  # extra `sluice run` flags for this workload
    native_args: Tuple[str, ...] = ()   # extra arguments of the native run only
    judge_native: bool = True       # False: the native run is informational (not judged, checks not compared)
    expect_deny: bool = False       # the sandboxed stats must show NVIDIA DENY rows, which are then no failure

    def binary(self) -> Optional[str]:
        return Path(self.src).stem if self.src else None


WORKLOADS = [
    Workload("vector_add", "cuda", ["{build}/vector_add"], src="vector_add.cu", key="kernel_ms"),
    Workload("memcpy_bw", "cuda", ["{build}/memcpy_bw", "256", "10"], src="memcpy_bw.cu", key="h2d_gbs"),
    Workload("streams_events", "cuda", ["{build}/streams_events", "4"], src="streams_events.cu", key="elapsed_ms"),
    Workload("pinned", "cuda", ["{build}/pinned", "64"], src="pinned.cu", key="zerocopy_gbs"),
    Workload("managed", "cuda", ["{build}/managed", "64"], src="managed.cu", key="kernel_ms"),
    Workload("multiproc", "cuda", ["sh", "{gpu}/multiproc.sh", "{build}/multiproc_worker", "2", "2000"],
             src="multiproc_worker.cu", key="work_ms_max"),
    # DMABUF export is the `rdma` NVIDIA driver capability, off by default.
    Workload("dmabuf_export", "cuda", ["{build}/dmabuf_export", "1000"], src="dmabuf_export.cu",
             libs=("-lcuda",), key="export_us", fds_check=True, sluice_flags=DMABUF_SLUICE_FLAGS),
    Workload("cuda_init", "cuda", ["{build}/cuda_init"], src="cuda_init.cu", libs=("-lcuda",),
             key="init_ms", runs=3),
    # Two processes sharing GPU memory, as NCCL's ranks on one host do: legacy cudaIpc handles, then
    # cuMem handles exported to an fd and passed over a Unix socket.
    Workload("ipc", "cuda", ["sh", "-c", '"$1" legacy && "$1" cumem', "ipc", "{build}/ipc"], src="ipc.cu",
             libs=("-lcuda",), key=None, fds_check=True),
    Workload("torch_matmul", "torch", ["{python}", "{gpu}/torch_matmul.py", "8192", "50"], key="tflops"),
    Workload("torch_mlp", "torch", ["{python}", "{gpu}/torch_mlp.py", "200"], key="final_loss",
             tolerance={"final_loss": 1e-3}),
    Workload("nvidia_smi", "smi", ["sh", "{gpu}/nvidia_smi.sh", "{gpu_name}"], key=None),
    Workload("nvidia_smi_q", "smi", ["sh", "{gpu}/nvidia_smi.sh", "{gpu_name}", "-q"], key=None),
    # Malformed NVIDIA ioctls against NVProxy (with the rdma capability, so that the DMABUF escape is
    # decided too). Judged on the sandboxed run alone, whose stats must show DENY rows; the native run
    # does only the harmless cases, for the record.
    Workload("hostile", "proxy", ["{python}", "{gpu}/hostile.py"], key="stress_us", native_args=("--native",),
             judge_native=False, expect_deny=True, fds_check=True, sluice_flags=DMABUF_SLUICE_FLAGS),
]

# The performance figures printed under the table: (label, workload, metric).
PERF = [
    ("memcpy H2D (GB/s)", "memcpy_bw", "h2d_gbs"),
    ("memcpy D2H (GB/s)", "memcpy_bw", "d2h_gbs"),
    ("memcpy D2D (GB/s)", "memcpy_bw", "d2d_gbs"),
    ("matmul bf16 8192^2 (TFLOP/s)", "torch_matmul", "tflops"),
    ("cuda init: cuInit + first context (ms)", "cuda_init", "init_ms"),
    ("cuda init: cuInit alone (ms)", "cuda_init", "cuinit_ms"),
    ("dma-buf export round (us)", "dmabuf_export", "export_us"),
]

# --bench: these run N times per mode, alternating native and sandboxed runs.
BENCH_WORKLOADS = ("memcpy_bw", "torch_matmul", "cuda_init")

# ---- parsing ---------------------------------------------------------------------------------

METRIC = re.compile(r"^metric\s+(\S+)\s+(\S+)(?:\s+(\S+))?\s*$")
CHECK = re.compile(r"^check\s+(\S+)\s+(.*?)\s*$")
VERDICT = re.compile(r"\b(PASS|FAIL|SKIP)\b")
SUMMARY = re.compile(r"^sluice: trapped calls: (\d+) total \(([^)]*)\)\s*$")
ROW = re.compile(r"^ {2}(\S+) +(0x[0-9a-fA-F]{8}) +(.+?) +(EMULATE|CONTINUE|DENY) +(\d+) +(\d+) +(\S+) +(\S+)\s*$")
FDS = re.compile(r"^sluice: sentry fds: start=(\d+) end=(\d+)\s*$")
NO_PROXY = "sluice: no device proxy was active"
NOTE = re.compile(r"^info note (.+?)\s*$")
DISPOSITIONS = ("EMULATE", "CONTINUE", "DENY")
# Rows of these devices are NVIDIA calls: the proxy's name (the stats' device column), or a node.
NVIDIA_DEVICE = re.compile(r"^(nvproxy|nvidia.*|nv\d.*)$", re.IGNORECASE)


@dataclasses.dataclass
class StatsRow:
    device: str
    request: str
    name: str
    disposition: str
    count: int
    errors: int
    p50: str
    p99: str
    line: str

    def is_nvidia(self) -> bool:
        return bool(NVIDIA_DEVICE.match(self.device))


@dataclasses.dataclass
class Stats:
    total: Optional[int] = None
    by_disposition: Dict[str, int] = dataclasses.field(default_factory=dict)
    rows: List[StatsRow] = dataclasses.field(default_factory=list)
    fds: Optional[Tuple[int, int]] = None
    no_proxy: bool = False
    first_line: int = -1            # index of the summary line in stderr's lines


def parse_output(stdout: str) -> Tuple[Dict[str, float], Dict[str, str], Dict[str, str], Optional[str], str]:
    """metrics, units, checks, verdict (PASS/FAIL/SKIP or None) and the verdict line."""
    metrics: Dict[str, float] = {}
    units: Dict[str, str] = {}
    checks: Dict[str, str] = {}
    lines = stdout.splitlines()
    for line in lines:
        m = METRIC.match(line.strip())
        if m:
            try:
                metrics[m.group(1)] = float(m.group(2))
                units[m.group(1)] = m.group(3) or ""
            except ValueError:
                pass
            continue
        c = CHECK.match(line.strip())
        if c:
            checks[c.group(1)] = c.group(2)
    verdict, vline = None, ""
    for line in reversed(lines):
        words = set(VERDICT.findall(line))
        if words:
            verdict = "FAIL" if "FAIL" in words else "PASS" if "PASS" in words else "SKIP"
            vline = line.strip()
            break
    return metrics, units, checks, verdict, vline


def parse_stats(stderr: str) -> Stats:
    """The `--stats` report at the end of sluice's stderr (the last one, if a guest printed a lookalike)."""
    s = Stats()
    lines = stderr.splitlines()
    start = -1
    for i, line in enumerate(lines):
        if SUMMARY.match(line.strip()):
            start = i
        if line.startswith(NO_PROXY):
            s.no_proxy = True
    if start >= 0:
        m = SUMMARY.match(lines[start].strip())
        s.total = int(m.group(1))
        s.first_line = start
        for part in m.group(2).split(","):
            kv = part.split()
            if len(kv) == 2 and kv[1].isdigit():
                s.by_disposition[kv[0]] = int(kv[1])
        for line in lines[start + 1:]:
            r = ROW.match(line.rstrip())
            if r:
                s.rows.append(StatsRow(r.group(1), r.group(2), r.group(3).strip(), r.group(4), int(r.group(5)),
                                       int(r.group(6)), r.group(7), r.group(8), line.strip()))
    for line in lines:
        f = FDS.match(line.strip())
        if f:
            s.fds = (int(f.group(1)), int(f.group(2)))
    return s


# ---- running ---------------------------------------------------------------------------------


@dataclasses.dataclass
class Run:
    argv: List[str]
    rc: int
    wall: float
    timed_out: bool
    stdout: str
    stderr: str
    log: str                        # path prefix of .out/.err/.cmd
    metrics: Dict[str, float] = dataclasses.field(default_factory=dict)
    units: Dict[str, str] = dataclasses.field(default_factory=dict)
    checks: Dict[str, str] = dataclasses.field(default_factory=dict)
    verdict: Optional[str] = None
    verdict_line: str = ""
    stats: Optional[Stats] = None

    def ok(self) -> bool:
        return self.rc == 0 and self.verdict == "PASS" and not self.timed_out

    def describe(self) -> str:
        """Why this run did not pass, in one line."""
        if self.timed_out:
            return f"timed out after {self.wall:.0f} s"
        why = []
        if self.rc != 0:
            why.append(f"exit {self.rc}{rc_meaning(self.rc)}")
        if self.verdict is None:
            why.append("no PASS/FAIL line on stdout")
        elif self.verdict != "PASS":
            why.append(f"'{self.verdict_line}'")
        tail = stderr_tail(self)
        if tail:
            why.append(f"stderr: {tail}")
        return "; ".join(why) or "passed"


def rc_meaning(rc: int) -> str:
    if rc == 125:
        return " (sluice itself failed)"
    if rc == 126:
        return " (not executable)"
    if rc == 127:
        return " (not found)"
    if rc > 128:
        return f" (signal {rc - 128})"
    if rc < 0:
        return f" (signal {-rc})"
    return ""


def stderr_tail(run: Run) -> str:
    """The last non-empty stderr line before sluice's stats report."""
    lines = run.stderr.splitlines()
    if run.stats is not None and run.stats.first_line >= 0:
        lines = lines[:run.stats.first_line]
    lines = [ln.strip() for ln in lines if ln.strip() and not ln.startswith("sluice: sentry fds")]
    if not lines:
        return ""
    tail = lines[-1]
    return tail if len(tail) <= 200 else tail[:197] + "..."


def run_once(argv: List[str], log: Path, timeout: int, cwd: Path, env: Dict[str, str]) -> Run:
    out_path, err_path = Path(f"{log}.out"), Path(f"{log}.err")
    t0 = time.monotonic()
    timed_out = False
    with open(out_path, "wb") as fo, open(err_path, "wb") as fe:
        try:
            p = subprocess.Popen(argv, stdout=fo, stderr=fe, stdin=subprocess.DEVNULL, cwd=str(cwd), env=env,
                                 start_new_session=True)
        except OSError as e:
            fe.write(f"gpu suite: cannot start {argv[0]}: {e}\n".encode())
            rc = 127
        else:
            try:
                rc = p.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                timed_out = True
                kill_group(p, signal.SIGTERM)
                try:
                    p.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    kill_group(p, signal.SIGKILL)
                    p.wait()
                rc = 124
    wall = time.monotonic() - t0
    stdout = out_path.read_text(errors="replace")
    stderr = err_path.read_text(errors="replace")
    Path(f"{log}.cmd").write_text(
        f"{shlex.join(argv)}\ncwd={cwd}\nrc={rc} wall_s={wall:.3f} timed_out={timed_out}\n")
    r = Run(argv, rc, wall, timed_out, stdout, stderr, str(log))
    r.metrics, r.units, r.checks, r.verdict, r.verdict_line = parse_output(stdout)
    return r


def kill_group(p: subprocess.Popen, sig: int) -> None:
    try:
        os.killpg(p.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


# ---- building --------------------------------------------------------------------------------


def find_nvcc() -> Optional[str]:
    for cand in (os.environ.get("NVCC"), shutil.which("nvcc"), "/usr/local/cuda/bin/nvcc"):
        if cand and os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    return None


def gpu_query(field: str) -> str:
    try:
        out = subprocess.run(["nvidia-smi", f"--query-gpu={field}", "--format=csv,noheader"], capture_output=True,
                             text=True, timeout=60)
        lines = [ln.strip() for ln in out.stdout.splitlines() if ln.strip()]
        return lines[0] if out.returncode == 0 and lines else ""
    except (OSError, subprocess.SubprocessError):
        return ""


def nvcc_arch() -> List[str]:
    arch = os.environ.get("SLUICE_NVCC_ARCH", "").strip()
    if not arch:
        cc = gpu_query("compute_cap")
        if re.fullmatch(r"\d+\.\d+", cc):
            arch = "sm_" + cc.replace(".", "")
    return [f"-arch={arch}"] if arch else []


def build_one(nvcc: str, w: Workload, build: Path, logs: Path, arch: List[str]) -> Tuple[bool, str]:
    """Compiles w.src into build/<stem>; returns (ok, message). Reuses an up-to-date binary."""
    src = GPU_DIR / w.src
    out = build / w.binary()
    stamp = Path(f"{out}.flags")
    log = logs / f"build-{w.binary()}.log"
    newest = max(src.stat().st_mtime, (GPU_DIR / "gpu_common.h").stat().st_mtime)
    stubs = [d for d in (Path(nvcc).resolve().parent.parent / "lib64" / "stubs",
                         Path(nvcc).resolve().parent.parent / "targets" / "x86_64-linux" / "lib" / "stubs")
             if (d / "libcuda.so").exists()]
    attempts = [arch + list(w.libs)]
    if arch:
        attempts.append(list(w.libs))                    # an nvcc that does not know this GPU's arch
    if w.libs and stubs:
        attempts += [a + [f"-L{stubs[0]}"] for a in list(attempts)]   # no libcuda.so to link against
    text = []
    for extra in attempts:
        flags = " ".join(extra)
        if out.exists() and stamp.exists() and stamp.read_text() == flags and out.stat().st_mtime >= newest:
            log.write_text(f"up to date: {out} ({flags})\n")
            return True, f"up to date ({flags})"
        cmd = [nvcc, "-O2", "-I", str(GPU_DIR), "-o", str(out), str(src)] + extra
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
            rc, msg = p.returncode, p.stdout + p.stderr
        except (OSError, subprocess.SubprocessError) as e:
            rc, msg = -1, str(e)
        text.append(f"$ {shlex.join(cmd)}\n{msg}rc={rc}\n")
        if rc == 0:
            stamp.write_text(flags)
            log.write_text("".join(text))
            return True, flags
    log.write_text("".join(text))
    last = [ln for ln in text[-1].splitlines() if ln.strip() and not ln.startswith(("$", "rc="))]
    return False, (last[-1] if last else "nvcc failed") + f" (see {log})"


def build_all(ws: List[Workload], build: Path, logs: Path, say) -> Dict[str, Tuple[bool, str]]:
    todo = [w for w in ws if w.src]
    if not todo:
        return {}
    nvcc = find_nvcc()
    if not nvcc:
        msg = "nvcc not found (looked at $NVCC, PATH and /usr/local/cuda/bin/nvcc)"
        return {w.name: (False, msg) for w in todo}
    arch = nvcc_arch()
    say(f"gpu suite: building {len(todo)} CUDA workloads with {nvcc} {' '.join(arch)} into {build}")
    t0 = time.monotonic()
    res: Dict[str, Tuple[bool, str]] = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(len(todo), os.cpu_count() or 4))) as ex:
        futs = {ex.submit(build_one, nvcc, w, build, logs, arch): w for w in todo}
        for f in concurrent.futures.as_completed(futs):
            w = futs[f]
            try:
                res[w.name] = f.result()
            except Exception as e:  # noqa: BLE001 - a build helper bug must not hide the other workloads
                res[w.name] = (False, f"build error: {e}")
    bad = [n for n, (ok, _) in res.items() if not ok]
    say(f"gpu suite: built in {time.monotonic() - t0:.1f} s" + (f"; FAILED: {', '.join(bad)}" if bad else ""))
    return res


# ---- one workload: runs and verdict ----------------------------------------------------------


@dataclasses.dataclass
class Result:
    w: Workload
    status: str = "FAIL"            # PASS | FAIL | SKIP
    native: List[Run] = dataclasses.field(default_factory=list)
    sandboxed: List[Run] = dataclasses.field(default_factory=list)
    problems: List[str] = dataclasses.field(default_factory=list)
    notes: List[str] = dataclasses.field(default_factory=list)      # reported, never a failure
    build_error: Optional[str] = None
    pairs: int = 0                  # --bench: alternating native/sandboxed pairs run

    # aggregated over runs
    def metric(self, mode: str, name: str) -> Optional[float]:
        vals = [r.metrics[name] for r in getattr(self, mode) if name in r.metrics]
        return statistics.median(vals) if vals else None

    def unit(self, name: str) -> str:
        for r in self.native + self.sandboxed:
            if name in r.units:
                return r.units[name]
        return ""

    def wall(self, mode: str) -> Optional[float]:
        runs = getattr(self, mode)
        return statistics.median(r.wall for r in runs) if runs else None

    def dispositions(self) -> Optional[Dict[str, int]]:
        """Trapped ioctls of the sandboxed runs: median per disposition (DENY: the most of any run)."""
        stats = [r.stats for r in self.sandboxed if r.stats is not None and r.stats.total is not None]
        if not stats:
            return None
        out = {"total": int(statistics.median(s.total for s in stats))}
        for d in DISPOSITIONS:
            vals = [s.by_disposition.get(d, 0) for s in stats]
            out[d] = max(vals) if d == "DENY" else int(statistics.median(vals))
        return out

    def deny_rows(self) -> List[StatsRow]:
        seen, rows = set(), []
        for r in self.sandboxed:
            for row in (r.stats.rows if r.stats else []):
                if row.disposition == "DENY" and (row.device, row.request, row.name) not in seen:
                    seen.add((row.device, row.request, row.name))
                    rows.append(row)
        return rows


def substitute(cmd: List[str], ctx: Dict[str, str]) -> List[str]:
    out = []
    for part in cmd:
        if part == "{gpu_name}":
            if ctx.get("gpu_name"):
                out += ["--expect-name", ctx["gpu_name"]]
            continue
        out.append(part.format(**ctx))
    return out


def evaluate(res: Result) -> None:
    """Decides res.status from its runs; fills res.problems."""
    w, p = res.w, res.problems
    if res.build_error is not None:
        p.append(f"build failed: {res.build_error}")
        res.status = "FAIL"
        return
    if res.native and all(r.verdict == "SKIP" for r in res.native) and not res.sandboxed:
        res.status = "SKIP"
        p.append(f"skipped natively: '{res.native[0].verdict_line}'")
        return
    for r in res.native:
        if not r.ok():
            if w.judge_native:
                p.append(f"native run failed ({r.describe()}): the host, not the sandbox, is at fault; log {r.log}.*")
            else:
                res.notes.append(f"native run (informational, not judged) did not pass ({r.describe()}); log {r.log}.*")
    if not res.sandboxed:
        p.append("sandboxed run not started (the native run timed out)")
    for i, r in enumerate(res.sandboxed):
        tag = "sandboxed" if len(res.sandboxed) == 1 else f"sandboxed run {i + 1}"
        for line in r.stdout.splitlines():
            nm = NOTE.match(line.strip())
            if nm and len(res.notes) < 20:
                res.notes.append(f"{tag}: {nm.group(1)}")
        if not r.ok():
            extra = " (native passed: the sandbox hid a feature)" if r.verdict == "SKIP" else ""
            p.append(f"{tag} failed ({r.describe()}){extra}; log {r.log}.*")
        s = r.stats
        if s is None or s.total is None:
            if s is not None and s.no_proxy:
                p.append(f"{tag}: sluice reports no active device proxy: the GPU was not mediated "
                         f"(flags: {os.environ.get('SLUICE_RUN_FLAGS', DEFAULT_RUN_FLAGS)})")
            elif not r.timed_out:
                p.append(f"{tag}: no 'sluice: trapped calls' summary on stderr (--stats)")
            continue
        if s.total == 0:
            p.append(f"{tag}: no ioctl was trapped: the NVIDIA calls were not mediated")
        nv_deny = [row for row in s.rows if row.disposition == "DENY" and row.is_nvidia()]
        if w.expect_deny:
            # The point of the workload: its calls must be refused, and show as DENY rows.
            denied = sum(row.count for row in nv_deny) if s.rows else s.by_disposition.get("DENY", 0)
            if denied == 0:
                p.append(f"{tag}: no NVIDIA ioctl was denied: the workload's malformed calls must show as DENY rows")
        elif nv_deny:
            names = ", ".join(f"{row.name} x{row.count}" for row in nv_deny)
            p.append(f"{tag}: {sum(row.count for row in nv_deny)} NVIDIA ioctl(s) denied: {names}")
        elif s.by_disposition.get("DENY", 0) > 0 and not s.rows:
            p.append(f"{tag}: {s.by_disposition['DENY']} ioctl(s) denied (no table rows to say which)")
        if w.fds_check:
            if s.fds is None:
                p.append(f"{tag}: no 'sluice: sentry fds: start=X end=Y' line")
            elif s.fds[0] != s.fds[1]:
                p.append(f"{tag}: the sentry leaked fds: start={s.fds[0]} end={s.fds[1]}")
    # Outputs must agree: check lines verbatim, toleranced metrics within tolerance.
    if res.native and res.sandboxed and res.native[0].ok() and w.judge_native:
        ref = res.native[0]
        others = [("native", r) for r in res.native[1:]] + [("sandboxed", r) for r in res.sandboxed]
        for mode, r in others:
            if not r.ok():
                continue
            for k, v in ref.checks.items():
                if k in r.checks and r.checks[k] != v:
                    p.append(f"'check {k}' differs: native {v}, {mode} {r.checks[k]}")
        for name, tol in w.tolerance.items():
            n, s = res.metric("native", name), res.metric("sandboxed", name)
            if n is None or s is None:
                if all(r.ok() for r in res.sandboxed):
                    p.append(f"metric {name} missing (native {n}, sandboxed {s})")
                continue
            rel = abs(s - n) / max(abs(n), 1e-30)
            if rel > tol:
                p.append(f"{name} differs: native {n:.9g}, sandboxed {s:.9g} (rel {rel:.2e} > {tol:g})")
    res.status = "FAIL" if p else "PASS"


def run_workload(w: Workload, ctx: Dict[str, str], sluice: str, run_flags: List[str], logs: Path,
                 timeout: int, cwd: Path, say, bench: int = 0) -> Result:
    """Runs w natively, then sandboxed (w.runs times each). With bench > 0 and w one of
    BENCH_WORKLOADS: bench pairs instead, alternating native and sandboxed runs, so that GPU clock and
    thermal drift fall on both modes alike."""
    res = Result(w)
    argv = substitute(w.cmd, ctx)
    sandboxed = [sluice, "run"] + run_flags + list(w.sluice_flags) + ["--stats", "--"] + argv
    env = dict(os.environ)
    t = w.timeout or timeout

    def native(i: int, n: int) -> Run:
        suffix = f".{i + 1}" if n > 1 else ""
        r = run_once(argv + list(w.native_args), logs / f"{w.name}.native{suffix}", t, cwd, env)
        res.native.append(r)
        return r

    def sandbox(i: int, n: int) -> Run:
        suffix = f".{i + 1}" if n > 1 else ""
        r = run_once(sandboxed, logs / f"{w.name}.sandboxed{suffix}", t, cwd, env)
        r.stats = parse_stats(r.stderr)
        res.sandboxed.append(r)
        return r

    if bench > 0 and w.name in BENCH_WORKLOADS:
        for i in range(bench):
            n = native(i, bench)
            if w.judge_native and (n.verdict == "SKIP" or n.timed_out):
                break
            sb = sandbox(i, bench)
            res.pairs += 1
            say(f"        {w.name} pair {i + 1}/{bench}: native {'PASS' if n.ok() else 'FAIL'} {n.wall:.2f}s, "
                f"sandboxed {'PASS' if sb.ok() else 'FAIL'} {sb.wall:.2f}s")
        return res
    for i in range(w.runs):
        native(i, w.runs)
    if w.judge_native and (all(r.verdict == "SKIP" for r in res.native) or any(r.timed_out for r in res.native)):
        return res
    for i in range(w.runs):
        sandbox(i, w.runs)
    return res


# ---- reporting -------------------------------------------------------------------------------


def fmt_num(v: Optional[float]) -> str:
    if v is None:
        return "-"
    a = abs(v)
    if a >= 1000:
        return f"{v:.0f}"
    if a >= 100:
        return f"{v:.1f}"
    if a >= 1:
        return f"{v:.2f}"
    return f"{v:.4g}"


def ratio(s: Optional[float], n: Optional[float]) -> str:
    if s is None or n is None or n == 0:
        return "-"
    return f"{s / n:.2f}x"


def mode_cell(res: Result, mode: str) -> str:
    if res.build_error is not None:
        return "BUILD FAIL"
    runs: List[Run] = getattr(res, mode)
    if not runs:
        return "-"
    if any(r.timed_out for r in runs):
        return "TIMEOUT"
    bad = [r for r in runs if not r.ok()]
    if bad:
        r = bad[0]
        v = r.verdict or "NO VERDICT"
        return f"{v} rc={r.rc}" if v != "SKIP" else "SKIP"
    wall = res.wall(mode)
    n = f" x{len(runs)}" if len(runs) > 1 else ""
    return f"PASS {wall:.2f}s{n}"


def key_cell(res: Result) -> str:
    k = res.w.key
    if not k:
        return "-"
    n, s = res.metric("native", k), res.metric("sandboxed", k)
    if n is None and s is None:
        return "-"
    return f"{k} {fmt_num(n)} -> {fmt_num(s)} {res.unit(k)} ({ratio(s, n)})".replace("  ", " ")


def ioctl_cell(res: Result) -> str:
    d = res.dispositions()
    if d is None:
        return "-"
    return f"E {d['EMULATE']} / C {d['CONTINUE']} / D {d['DENY']}"


HEADERS = ["workload", "verdict", "native", "sandboxed", "time ratio", "key metric: native -> sandboxed (ratio)",
           "trapped calls E/C/D"]


def table_rows(results: List[Result]) -> List[List[str]]:
    rows = []
    for r in results:
        # A native run that is not the same program (judge_native False) has no comparable wall time.
        tr = ratio(r.wall("sandboxed"), r.wall("native")) if r.w.judge_native else "-"
        rows.append([r.w.name, r.status, mode_cell(r, "native"), mode_cell(r, "sandboxed"), tr, key_cell(r),
                     ioctl_cell(r)])
    return rows


def text_table(headers: List[str], rows: List[List[str]]) -> List[str]:
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]

    def line(cells: List[str]) -> str:
        return "  ".join(str(c).ljust(w) for c, w in zip(cells, widths)).rstrip()
    return [line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows]


def md_table(headers: List[str], rows: List[List[str]]) -> List[str]:
    def esc(c: str) -> str:
        return str(c).replace("|", "\\|")
    return (["| " + " | ".join(esc(h) for h in headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
            + ["| " + " | ".join(esc(c) for c in r) + " |" for r in rows])


def perf_rows(results: List[Result]) -> List[List[str]]:
    by = {r.w.name: r for r in results}
    rows = []
    for label, wname, m in PERF:
        r = by.get(wname)
        if r is None:
            continue
        n, s = r.metric("native", m), r.metric("sandboxed", m)
        rows.append([label, fmt_num(n), fmt_num(s), ratio(s, n)])
    init = by.get("cuda_init")
    if init is not None:
        d = init.dispositions()
        rows.append(["cuda init: trapped calls (sandboxed)", "-", str(d["total"]) if d else "-",
                     f"EMULATE {d['EMULATE']}, CONTINUE {d['CONTINUE']}, DENY {d['DENY']}" if d else "-"])
    return rows


PERF_HEADERS = ["performance", "native", "sandboxed", "sandboxed/native"]
BENCH_HEADERS = ["bench", "native median", "sandboxed median", "ratio of medians", "pair ratio min",
                 "pair ratio max", "pairs"]


def bench_row(label: str, res: Result, value) -> Optional[List[str]]:
    """One bench row from the complete pairs (both runs passed and have the value): medians of
    each mode, their ratio, and the least and greatest sandboxed/native ratio of a pair."""
    pairs = []
    for n, s in zip(res.native, res.sandboxed):
        nv, sv = (value(n), value(s)) if n.ok() and s.ok() else (None, None)
        if nv is not None and sv is not None:
            pairs.append((nv, sv))
    if not pairs:
        return None
    mn, ms = statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)
    per = [sv / nv for nv, sv in pairs if nv != 0]
    return [label, fmt_num(mn), fmt_num(ms), ratio(ms, mn), f"{min(per):.2f}x" if per else "-",
            f"{max(per):.2f}x" if per else "-", str(len(pairs))]


def bench_rows(results: List[Result]) -> List[List[str]]:
    by = {r.w.name: r for r in results if r.pairs}
    rows = []
    for label, wname, m in PERF:
        r = by.get(wname)
        row = bench_row(label, r, lambda run, m=m: run.metrics.get(m)) if r else None
        if row:
            rows.append(row)
    for wname in BENCH_WORKLOADS:
        r = by.get(wname)
        row = bench_row(f"{wname} wall time (s)", r, lambda run: run.wall) if r else None
        if row:
            rows.append(row)
    return rows


def bench_ioctls(results: List[Result]) -> Optional[str]:
    """The trapped-call count of the sandboxed cuda_init runs of the bench."""
    r = next((r for r in results if r.w.name == "cuda_init" and r.pairs), None)
    totals = [x.stats.total for x in (r.sandboxed if r else []) if x.stats is not None and x.stats.total is not None]
    if not totals:
        return None
    d = r.dispositions()
    return (f"cuda_init trapped calls (sandboxed, per run): median {statistics.median(totals):g}, "
            f"min {min(totals)}, max {max(totals)} (median EMULATE {d['EMULATE']}, CONTINUE {d['CONTINUE']}; "
            f"DENY max {d['DENY']}; {len(totals)} runs)")


def report(results: List[Result], out: Path, meta: Dict[str, str]) -> Tuple[List[str], int, int]:
    """Prints the report; writes summary.md and results.json; returns (lines, passed, failed)."""
    passed = sum(1 for r in results if r.status == "PASS")
    failed = sum(1 for r in results if r.status == "FAIL")
    skipped = [r for r in results if r.status == "SKIP"]
    rows = table_rows(results)
    prow = perf_rows(results)
    lines: List[str] = ["", f"gpu suite results ({meta.get('gpu', '?')}; logs in {out}/logs)", ""]
    lines += text_table(HEADERS, rows)
    md: List[str] = ["# Sluice GPU suite", "",
                     f"GPU: {meta.get('gpu', '?')}; sandbox: `{meta.get('sandbox', '')}`; "
                     f"run at {meta.get('when', '')}; logs in `{out}/logs`.", ""]
    md += md_table(HEADERS, rows)
    denies = [(r, row) for r in results for row in r.deny_rows()]
    if denies:
        lines += ["", "unsupported calls (DENY rows of the sandboxed --stats):"]
        md += ["", "## Unsupported calls (DENY rows of the sandboxed `--stats`)", "", "```"]
        for r, row in denies:
            flag = ("" if row.is_nvidia() and not r.w.expect_deny
                    else "   (expected: this workload provokes denials)" if r.w.expect_deny
                    else "   (not an NVIDIA device; not counted as a failure)")
            text = f"  {r.w.name}: {row.device} {row.request} {row.name} DENY x{row.count} (errors {row.errors}){flag}"
            lines.append(text)
            md.append(text.strip())
        md.append("```")
    if prow:
        lines += [""] + text_table(PERF_HEADERS, prow)
        lines.append("(sandboxed wall times include the sluice JVM start; figures are medians over runs where a "
                     "workload runs more than once)")
        md += ["", "## Performance", ""] + md_table(PERF_HEADERS, prow)
    brows = bench_rows(results)
    if brows or meta.get("bench"):
        n = meta.get("bench", "?")
        head = f"bench: {n} alternating native/sandboxed pairs per workload; ratios: sandboxed / native"
        none = "(no bench workload ran: select memcpy_bw, torch_matmul or cuda_init)"
        blines = text_table(BENCH_HEADERS, brows) if brows else [none]
        init = bench_ioctls(results)
        lines += ["", head] + blines + ([init] if init else [])
        md += ["", "## Bench", "", head + ".", ""] + (md_table(BENCH_HEADERS, brows) if brows else blines)
        md += ["", init] if init else []
    notes = [(r, n) for r in results for n in r.notes]
    if notes:
        lines += ["", "notes (not failures):"]
        md += ["", "## Notes (not failures)", ""]
        for r, n in notes:
            lines.append(f"  {r.w.name}: {n}")
            md.append(f"- **{r.w.name}**: {n}")
    fails = [r for r in results if r.status != "PASS" and r.problems]
    if fails:
        lines += ["", "problems:"]
        md += ["", "## Problems", ""]
        for r in fails:
            for pr in r.problems:
                lines.append(f"  {r.w.name} [{r.status}]: {pr}")
                md.append(f"- **{r.w.name}** [{r.status}]: {pr}")
    if skipped:
        lines += ["", f"gpu suite: {len(skipped)} skipped: {', '.join(r.w.name for r in skipped)}"]
        md += ["", f"{len(skipped)} skipped: {', '.join(r.w.name for r in skipped)}"]
    final = f"gpu suite: {passed} passed, {failed} failed"
    lines += ["", final]
    md += ["", final, ""]
    out.mkdir(parents=True, exist_ok=True)
    (out / "summary.md").write_text("\n".join(md))
    (out / "results.json").write_text(json.dumps(results_json(results, meta), indent=1) + "\n")
    return lines, passed, failed


def results_json(results: List[Result], meta: Dict[str, str]) -> Dict:
    def runs(rs: List[Run]):
        return [{"argv": r.argv, "rc": r.rc, "wall_s": round(r.wall, 3), "timed_out": r.timed_out,
                 "verdict": r.verdict, "metrics": r.metrics, "checks": r.checks, "log": r.log,
                 "stats": None if r.stats is None else {
                     "total": r.stats.total, "by_disposition": r.stats.by_disposition, "fds": r.stats.fds,
                     "deny": [row.line for row in r.stats.rows if row.disposition == "DENY"]}} for r in rs]
    return {"meta": meta,
            "workloads": [{"name": r.w.name, "status": r.status, "problems": r.problems, "notes": r.notes,
                           "pairs": r.pairs, "native": runs(r.native), "sandboxed": runs(r.sandboxed)}
                          for r in results],
            "bench": [dict(zip(BENCH_HEADERS, row)) for row in bench_rows(results)]}


# ---- the suite -------------------------------------------------------------------------------


def select(ws: List[Workload], only: Optional[str]) -> List[Workload]:
    if not only:
        return list(ws)
    want = [x.strip() for x in only.split(",") if x.strip()]
    if "bench" in want:
        want += list(BENCH_WORKLOADS)
    groups = sorted({w.group for w in ws})
    names = {w.name for w in ws} | set(groups) | {"bench"}
    unknown = [x for x in want if x not in names]
    if unknown:
        raise SystemExit(f"gpu suite: unknown workload(s) {', '.join(unknown)}; known: "
                         f"{', '.join(w.name for w in ws)} (or a group: {', '.join(groups)}, bench)")
    return [w for w in ws if w.name in want or w.group in want]


def run_suite(ws: List[Workload], out: Path, sluice: str, run_flags: List[str], timeout: int, ctx: Dict[str, str],
              cwd: Path, say=print, bench: int = 0) -> int:
    logs, build = out / "logs", out / "build"
    marker = out / ".sluice-gpu-suite"
    if out.is_dir() and any(out.iterdir()) and not marker.exists():
        say(f"gpu suite: error: {out} is not empty and was not made by this suite; choose another --out")
        return 2
    out.mkdir(parents=True, exist_ok=True)
    marker.write_text("output directory of src/test/gpu/run-suite.sh; logs/ is replaced on every run\n")
    if logs.exists():
        shutil.rmtree(logs)
    logs.mkdir(parents=True)
    build.mkdir(parents=True, exist_ok=True)
    ctx = dict(ctx, build=str(build), gpu=str(GPU_DIR))
    t0 = time.monotonic()
    built = build_all(ws, build, logs, say)
    results = []
    for i, w in enumerate(ws, 1):
        b = built.get(w.name)
        if b is not None and not b[0]:
            res = Result(w, build_error=b[1])
        else:
            res = run_workload(w, ctx, sluice, run_flags, logs, timeout, cwd, say, bench)
        evaluate(res)
        results.append(res)
        say(f"[{i:2d}/{len(ws)}] {w.name:<15} native {mode_cell(res, 'native'):<16} "
            f"sandboxed {mode_cell(res, 'sandboxed'):<16} -> {res.status}")
    meta = {"gpu": ctx.get("gpu_desc", "?"), "sandbox": shlex.join([sluice, "run"] + run_flags + ["--stats", "--"]),
            "when": time.strftime("%Y-%m-%d %H:%M:%S %z"), "wall_s": f"{time.monotonic() - t0:.1f}"}
    if bench:
        meta["bench"] = bench
    lines, passed, failed = report(results, out, meta)
    lines.insert(-2, f"suite wall time {time.monotonic() - t0:.1f} s; summary in {out}/summary.md")
    for line in lines:
        say(line)
    return 1 if failed else 0


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description="Sluice GPU suite: each workload natively, then sandboxed.")
    ap.add_argument("--out", default=str(DEFAULT_OUT), help=f"logs, binaries and summary.md (default {DEFAULT_OUT})")
    ap.add_argument("--only", help="comma-separated workloads or groups (cuda, torch, smi)")
    ap.add_argument("--sluice", default=os.environ.get("SLUICE_BIN") or str(REPO / "bin" / "sluice"),
                    help="the sluice launcher (default bin/sluice of this repository)")
    ap.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="seconds per run (default 300)")
    ap.add_argument("--bench", type=int, nargs="?", const=DEFAULT_BENCH, default=None, metavar="N",
                    help=f"run memcpy_bw, torch_matmul and cuda_init N times per mode (default {DEFAULT_BENCH}), "
                         f"alternating native and sandboxed, and report medians and per-pair ratios")
    ap.add_argument("--list", action="store_true", help="list the workloads and exit")
    ap.add_argument("--selftest", action="store_true", help="test the runner itself with fake workloads; no GPU")
    a = ap.parse_args(argv)
    if a.selftest:
        return selftest()
    if a.bench is not None and a.bench < 1:
        ap.error("--bench N needs N >= 1")
    if a.list:
        for w in WORKLOADS:
            extra = f"   (sluice run {' '.join(w.sluice_flags)})" if w.sluice_flags else ""
            if w.native_args or not w.judge_native:
                extra += f"   (native run: {' '.join(w.native_args) or 'same'}, " + (
                    "judged)" if w.judge_native else "informational; only the sandboxed run is judged)")
            print(f"{w.name:<15} {w.group:<6} {' '.join(w.cmd)}{extra}")
        return 0
    ws = select(WORKLOADS, a.only)
    sluice = os.path.abspath(a.sluice)
    if not os.access(sluice, os.X_OK):
        print(f"gpu suite: error: {sluice} is missing or not executable: build it first with "
              f"`mvn -B -q package -DskipTests`")
        return 2
    run_flags = shlex.split(os.environ.get("SLUICE_RUN_FLAGS", DEFAULT_RUN_FLAGS))
    name = gpu_query("name")
    desc = ", ".join(x for x in (name, "driver " + gpu_query("driver_version")) if x.strip() and x != "driver ")
    python = os.environ.get("SLUICE_GPU_PYTHON") or sys.executable or shutil.which("python3") or "python3"
    ctx = {"python": python, "gpu_name": name, "gpu_desc": desc or "?"}
    return run_suite(ws, Path(a.out).resolve(), sluice, run_flags, a.timeout, ctx, Path.cwd(), bench=a.bench or 0)


# ---- self-test (no GPU needed) ---------------------------------------------------------------

FAKE_SLUICE = r"""#!/bin/sh
# A stand-in for bin/sluice: runs the command after `--` and prints a canned --stats report.
while [ $# -gt 0 ] && [ "$1" != "--" ]; do shift; done
shift
FAKE_SANDBOXED=1 "$@"
rc=$?
case "$*" in
  *" hostile_ok"*|*" hostile_leak"*)
     case "$*" in *hostile_leak*) end=12 ;; *) end=10 ;; esac
     printf '%s\n' "sluice: trapped calls: 24 total (EMULATE 12, CONTINUE 2, DENY 10)" \
      "  device  request  name  disposition  calls  errors  p50(us)  p99(us)" \
      "  nvproxy 0xc020462a NV_ESC_RM_CONTROL NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS (0x00000201) EMULATE 12 0 5 9" \
      "  nvproxy  0xc020462b  NV_ESC_RM_ALLOC NV01_ROOT (0x00000000)       CONTINUE     2      0       8.0      9.0" \
      "  nvproxy  0xc020472a  unknown                                      DENY         5      5       2.0      3.0" \
      "  nvproxy 0xc020462a NV_ESC_RM_CONTROL NV2080_CTRL_CMD_GR_GET_NUM_TPCS_FOR_GPC (0x20801234) DENY 4 0 2.0 3.0" \
      "  unowned  0xc020462a  NV_ESC_RM_CONTROL                            DENY         1      1       1.0      1.0" \
      "sluice: sentry fds: start=10 end=$end" >&2 ;;
  *" hostile_nodeny"*) printf '%s\n' "sluice: trapped calls: 2 total (EMULATE 0, CONTINUE 2, DENY 0)" \
      "  device   request     name                                 disposition  calls  errors  p50(us)  p99(us)" \
      "  nvproxy  0xc020462b  NV_ESC_RM_ALLOC NV01_ROOT (0x00000000)  CONTINUE     2      0       8.0      9.0" \
      "sluice: sentry fds: start=10 end=10" >&2 ;;
  *" deny"*)   printf '%s\n' "sluice: trapped calls: 15 total (EMULATE 0, CONTINUE 10, DENY 5)" \
      "  device  request  name  disposition  calls  errors  p50(us)  p99(us)" \
      "  nvproxy 0xc020462a NV_ESC_RM_CONTROL NV0000_CTRL_CMD_GPU_GET_ID_INFO (0x00000202) CONTINUE 10 0 12.5 40.1" \
      "  nvproxy  0xc00446d9  NV_ESC_EXPORT_TO_DMABUF_FD                    DENY         2      2       3.0      4.0" \
      "  nvproxy  0xc020462a  NV_ESC_RM_CONTROL NV2080_CTRL_CMD(0x20808546) (0x20808546)  DENY  3  3  3.0  4.0" \
      "sluice: sentry fds: start=10 end=10" >&2 ;;
  *" fdleak"*) printf '%s\n' "sluice: trapped calls: 3 total (EMULATE 0, CONTINUE 3, DENY 0)" \
      "  device   request     name               disposition  calls  errors  p50(us)  p99(us)" \
      "  nvproxy  0xc0384657  NV_ESC_RM_CONTROL  CONTINUE     3      0       12.5     40.1" \
      "sluice: sentry fds: start=10 end=11" >&2 ;;
  *" nostats"*) echo "sluice: no device proxy was active; nothing was trapped" >&2 ;;
  *" zero"*) echo "sluice: trapped calls: 0 total (EMULATE 0, CONTINUE 0, DENY 0)" >&2
      echo "sluice: sentry fds: start=10 end=10" >&2 ;;
  *) printf '%s\n' "sluice: trapped calls: 7 total (EMULATE 1, CONTINUE 5, DENY 1)" \
      "  device    request     name               disposition  calls  errors  p50(us)  p99(us)" \
      "  nvproxy   0xc0384657  NV_ESC_RM_CONTROL  CONTINUE     5      0       12.5     40.1" \
      "  nvproxy   0xc0104629  NV_ESC_RM_FREE     EMULATE      1      0       2.0      2.0" \
      "  unowned   0x00005401  TCGETS             DENY         1      1       1.0      1.0" \
      "sluice: sentry fds: start=10 end=10" >&2 ;;
esac
exit $rc
"""

FAKE_WORKLOAD = r"""#!/bin/sh
# Fake workloads for the self-test; FAKE_SANDBOXED=1 under the fake sluice.
case "$1" in
  ok|deny|fdleak|nostats|zero)
     echo "metric h2d_gbs 50.0 GB/s"; echo "metric init_ms 200 ms"; echo "check bad 0"
     echo "this line mentions PASSWORD but is no verdict" >&2; echo "$1 PASS" ;;
  loss_ok)  if [ -n "$FAKE_SANDBOXED" ]; then v=1.0005; else v=1.0; fi
     echo "metric final_loss $v loss"; echo "loss_ok PASS" ;;
  loss_bad) if [ -n "$FAKE_SANDBOXED" ]; then v=1.01; else v=1.0; fi
     echo "metric final_loss $v loss"; echo "loss_bad PASS" ;;
  sbxfail)  if [ -n "$FAKE_SANDBOXED" ]; then
       echo "cudaMalloc: out of memory" >&2; echo "sbxfail bad=3 FAIL"; exit 1; fi
     echo "sbxfail PASS" ;;
  skip)     echo "skip unsupported=x SKIP"; exit 2 ;;
  checks)   if [ -n "$FAKE_SANDBOXED" ]; then echo "check bad 5"; else echo "check bad 0"; fi; echo "checks PASS" ;;
  slow)     if [ -n "$FAKE_SANDBOXED" ]; then sleep 30; fi; echo "slow PASS" ;;
  noverdict) echo "metric x 1 count" ;;
  hostile_ok|hostile_nodeny|hostile_leak)
     if [ -n "$FAKE_SANDBOXED" ]; then
       echo "check control_type_G ok"; echo "info note arg_read_only_control: status written into a read-only page"
       echo "metric stress_us 9.5 us"; echo "$1 mode=sandboxed cases=40 bad=0 PASS"
     else   # the native run is informational: its failure and its differing checks do not count
       echo "check control_type_G BAD"; echo "native args: $2"; echo "$1 mode=native error=open FAIL"; exit 1
     fi ;;
  bench)    # $2: a log of the modes run so far; values grow with the run number k of the mode
     if [ -n "$FAKE_SANDBOXED" ]; then m=sandboxed; else m=native; fi
     echo "$m" >> "$2"; k=$(grep -c "^$m\$" "$2")
     if [ "$m" = native ]; then v=$((k * 10)); elif [ "$k" = 3 ]; then v=33; else v=$((k * 9)); fi
     echo "metric h2d_gbs $v GB/s"; echo "metric init_ms $v ms"; echo "check bad 0"; echo "bench k=$k PASS" ;;
  *) echo "unknown FAIL"; exit 1 ;;
esac
"""


def selftest() -> int:
    failures: List[str] = []

    def expect(cond: bool, what: str) -> None:
        if not cond:
            failures.append(what)

    # 1. The stats parser, on a report with guest noise around it.
    err = "\n".join([
        "guest: sluice: trapped calls: 999 total (EMULATE 9, CONTINUE 9, DENY 9)",  # not at line start
        "some guest stderr",
        "sluice: trapped calls: 484 total (EMULATE 2, CONTINUE 480, DENY 2)",
        "  device     request     name                              disposition  calls  errors  p50(us)  p99(us)",
        "  nvproxy    0xc030462b  NV_ESC_RM_CONTROL                 CONTINUE     470    3       20.5     110.0",
        "  nvproxy    0xc020462a  NV_ESC_RM_ALLOC                   EMULATE      2      0       30.0     31.0",
        "  nvproxy    0x0000004b  UVM_MM_INITIALIZE                 CONTINUE     10     0       5.5      9.0",
        "  nvproxy    0xc00446d9  NV2080_CTRL_CMD(0x20800802) odd   DENY         2      2       1.0      1.0",
        "sluice: sentry fds: start=10 end=10",
    ])
    s = parse_stats(err)
    expect(s.total == 484, f"total 484, got {s.total}")
    expect(s.by_disposition == {"EMULATE": 2, "CONTINUE": 480, "DENY": 2}, f"dispositions: {s.by_disposition}")
    expect(len(s.rows) == 4, f"4 rows, got {len(s.rows)}")
    expect(s.rows[3].name == "NV2080_CTRL_CMD(0x20800802) odd" and s.rows[3].disposition == "DENY"
           and s.rows[3].is_nvidia(), f"DENY row with a spaced name: {s.rows[3] if len(s.rows) > 3 else None}")
    expect(s.fds == (10, 10), f"fds: {s.fds}")
    expect(parse_stats("no report here\n").total is None, "no report: total None")
    expect(parse_stats(NO_PROXY + "; nothing was trapped\n").no_proxy, "no-proxy line recognised")

    # 2. The output parser.
    m, u, c, v, vl = parse_output("info x\nmetric h2d_gbs 53.2 GB/s\nmetric n 8192 count\ncheck bad 0\n"
                                  "memcpy_bw bytes=1 PASS\n\n")
    expect(m == {"h2d_gbs": 53.2, "n": 8192.0} and u["h2d_gbs"] == "GB/s", f"metrics {m} {u}")
    expect(c == {"bad": "0"} and v == "PASS" and vl == "memcpy_bw bytes=1 PASS", f"checks/verdict {c} {v} {vl}")
    expect(parse_output("a PASS\nb error=cudaMalloc FAIL\n")[3] == "FAIL", "last verdict line wins")
    expect(parse_output("PASSWORD\n")[3] is None, "PASSWORD is not a verdict")

    # 3. The whole runner on fake workloads with a fake sluice.
    with tempfile.TemporaryDirectory(prefix="sluice-gpu-selftest-") as tmp:
        t = Path(tmp)
        fake_sluice, fake = t / "sluice", t / "fake.sh"
        fake_sluice.write_text(FAKE_SLUICE)
        fake.write_text(FAKE_WORKLOAD)
        fake_sluice.chmod(0o755)
        fake.chmod(0o755)
        f = str(fake)
        ws = [
            Workload("ok", "cuda", ["sh", f, "ok"], key="h2d_gbs"),
            Workload("deny", "cuda", ["sh", f, "deny"], key="h2d_gbs"),
            Workload("fdleak", "cuda", ["sh", f, "fdleak"], fds_check=True, sluice_flags=("--nvproxy-caps", "all")),
            Workload("nostats", "cuda", ["sh", f, "nostats"]),
            Workload("zero", "cuda", ["sh", f, "zero"]),
            Workload("loss_ok", "torch", ["sh", f, "loss_ok"], key="final_loss", tolerance={"final_loss": 1e-3}),
            Workload("loss_bad", "torch", ["sh", f, "loss_bad"], key="final_loss", tolerance={"final_loss": 1e-3}),
            Workload("sbxfail", "cuda", ["sh", f, "sbxfail"]),
            Workload("skip", "cuda", ["sh", f, "skip"]),
            Workload("checks", "cuda", ["sh", f, "checks"]),
            Workload("slow", "cuda", ["sh", f, "slow"], timeout=2),
            Workload("noverdict", "cuda", ["sh", f, "noverdict"]),
            Workload("cuda_init", "cuda", ["sh", f, "ok"], key="init_ms", runs=3),
        ]
        printed: List[str] = []
        rc = run_suite(ws, t / "out", str(fake_sluice), ["--gpus", "all"], 60,
                       {"python": sys.executable, "gpu_name": "", "gpu_desc": "fake GPU"}, t, printed.append)
        text = "\n".join(printed)
        expect(rc == 1, f"runner exit 1 when something failed, got {rc}")
        expect(printed[-1] == "gpu suite: 3 passed, 9 failed", f"last line: {printed[-1]!r}")
        status = {}
        for line in printed:
            mm = re.match(r"^\[\s*\d+/\d+\] (\S+) .* -> (PASS|FAIL|SKIP)$", line)
            if mm:
                status[mm.group(1)] = mm.group(2)
        want = {"ok": "PASS", "deny": "FAIL", "fdleak": "FAIL", "nostats": "FAIL", "zero": "FAIL",
                "loss_ok": "PASS", "loss_bad": "FAIL", "sbxfail": "FAIL", "skip": "SKIP", "checks": "FAIL",
                "slow": "FAIL", "noverdict": "FAIL", "cuda_init": "PASS"}
        expect(status == want, f"statuses {status}")
        expect("deny: nvproxy 0xc00446d9 NV_ESC_EXPORT_TO_DMABUF_FD DENY x2 (errors 2)" in text
               and ("deny: nvproxy 0xc020462a NV_ESC_RM_CONTROL NV2080_CTRL_CMD(0x20808546) (0x20808546) DENY x3"
                    in text),
               "the DENY rows are listed by name")
        expect("5 NVIDIA ioctl(s) denied: NV_ESC_EXPORT_TO_DMABUF_FD x2, NV_ESC_RM_CONTROL NV2080_CTRL_CMD(0x20808546)"
               " (0x20808546) x3" in text, "the DENY rows are named in the problem")
        expect("TCGETS DENY x1 (errors 1)   (not an NVIDIA device; not counted as a failure)" in text,
               "a DENY of another device is listed, not counted")
        expect("the sentry leaked fds: start=10 end=11" in text, "fd leak reported")
        cmd = (t / "out" / "logs" / "fdleak.sandboxed.cmd").read_text()
        expect(" run --gpus all --nvproxy-caps all --stats -- sh " in cmd, f"per-workload sluice flags: {cmd}")
        expect("no active device proxy" in text, "no-proxy reported")
        expect("no ioctl was trapped" in text, "zero trapped reported")
        expect("final_loss differs: native 1, sandboxed 1.01" in text, "loss difference reported")
        expect("stderr: cudaMalloc: out of memory" in text, "the failing run's stderr tail is shown")
        expect("'check bad' differs: native 0, sandboxed 5" in text, "check difference reported")
        expect("TIMEOUT" in text and "timed out after" in text, "timeout reported")
        expect("no PASS/FAIL line on stdout" in text, "missing verdict reported")
        expect("1 skipped: skip" in text, "skip listed")
        expect(re.search(r"^cuda_init\s+PASS\s+PASS \S+s x3\s+PASS \S+s x3", text, re.M) is not None,
               "cuda_init ran 3 times per mode")
        expect(re.search(r"cuda init: trapped calls \(sandboxed\)\s+-\s+7\s+EMULATE 1, CONTINUE 5, DENY 1", text)
               is not None, "cuda_init trapped calls in the performance figures")
        expect("init_ms 200.0 -> 200.0 ms (1.00x)" in text, "key metric ratio")
        expect("E 1 / C 5 / D 1" in text, "disposition counts")
        md = (t / "out" / "summary.md").read_text()
        expect(md.startswith("# Sluice GPU suite") and "| workload | verdict |" in md
               and md.rstrip().endswith("gpu suite: 3 passed, 9 failed"), "summary.md")
        res = json.loads((t / "out" / "results.json").read_text())
        expect(len(res["workloads"]) == 13, "results.json")
        logs = sorted(p.name for p in (t / "out" / "logs").iterdir())
        expect("ok.native.out" in logs and "ok.sandboxed.err" in logs and "cuda_init.sandboxed.3.cmd" in logs,
               f"per-run logs: {logs[:8]}...")
        foreign = t / "foreign"
        foreign.mkdir()
        (foreign / "keep.txt").write_text("x")
        said: List[str] = []
        expect(run_suite(ws[:1], foreign, str(fake_sluice), [], 60, {}, t, said.append) == 2
               and (foreign / "keep.txt").exists() and "not made by this suite" in said[-1],
               "a foreign non-empty --out is refused")
        # --only
        expect([w.name for w in select(WORKLOADS, "torch,nvidia_smi")] == ["torch_matmul", "torch_mlp", "nvidia_smi"],
               "--only by group and name")
        expect([w.name for w in select(WORKLOADS, "bench")] == ["memcpy_bw", "cuda_init", "torch_matmul"]
               and [w.name for w in select(WORKLOADS, "proxy")] == ["hostile"], "--only bench and proxy")
        if failures:
            print(text)

        # 4. The hostile workload's verdict, and --bench: alternating pairs, medians and pair ratios.
        hostile = dict(native_args=("--native",), judge_native=False, expect_deny=True, fds_check=True)
        ws2 = [
            Workload("memcpy_bw", "cuda", ["sh", f, "bench", str(t / "memcpy.modes")], key="h2d_gbs"),
            Workload("cuda_init", "cuda", ["sh", f, "bench", str(t / "init.modes")], key="init_ms", runs=3),
            Workload("vector_add", "cuda", ["sh", f, "ok"], key="h2d_gbs"),
            Workload("hostile", "proxy", ["sh", f, "hostile_ok"], key="stress_us", **hostile),
            Workload("hostile_nodeny", "proxy", ["sh", f, "hostile_nodeny"], **hostile),
            Workload("hostile_leak", "proxy", ["sh", f, "hostile_leak"], **hostile),
        ]
        printed2: List[str] = []
        rc2 = run_suite(ws2, t / "out2", str(fake_sluice), ["--gpus", "all"], 60,
                        {"python": sys.executable, "gpu_name": "", "gpu_desc": "fake GPU"}, t, printed2.append, bench=3)
        text2 = "\n".join(printed2)
        status2 = {}
        for line in printed2:
            mm = re.match(r"^\[\s*\d+/\d+\] (\S+) .* -> (PASS|FAIL|SKIP)$", line)
            if mm:
                status2[mm.group(1)] = mm.group(2)
        want2 = {"memcpy_bw": "PASS", "cuda_init": "PASS", "vector_add": "PASS", "hostile": "PASS",
                 "hostile_nodeny": "FAIL", "hostile_leak": "FAIL"}
        expect(status2 == want2, f"bench/hostile statuses {status2}")
        expect(rc2 == 1 and printed2[-1] == "gpu suite: 4 passed, 2 failed", f"bench last line: {printed2[-1]!r}")
        modes = "native\nsandboxed\n" * 3
        expect((t / "memcpy.modes").read_text() == modes and (t / "init.modes").read_text() == modes,
               "bench runs alternate native and sandboxed, 3 pairs (cuda_init: 3 pairs, not runs=3 per mode)")
        expect(re.search(r"^memcpy H2D \(GB/s\)\s+20\.00\s+18\.00\s+0\.90x\s+0\.90x\s+1\.10x\s+3$", text2, re.M)
               is not None, "bench row: medians 20 and 18, ratio 0.90x, pair ratios 0.90x..1.10x, 3 pairs")
        expect(re.search(r"^cuda init: cuInit \+ first context \(ms\)\s+20\.00\s+18\.00\s+0\.90x", text2, re.M)
               is not None, "bench row of cuda_init")
        expect(re.search(r"^memcpy_bw wall time \(s\)\s+\S+\s+\S+\s+\S+x\s+\S+x\s+\S+x\s+3$", text2, re.M)
               is not None, "bench wall-time row")
        expect("cuda_init trapped calls (sandboxed, per run): median 7, min 7, max 7" in text2,
               "bench: trapped calls of the sandboxed cuda_init")
        expect(re.search(r"^vector_add\s+PASS\s+PASS \S+s\s+PASS \S+s\s", text2, re.M) is not None,
               "a workload outside the bench runs once per mode")
        expect(re.search(r"^hostile\s+PASS\s+FAIL rc=1\s+PASS \S+s\s+-\s+stress_us - -> 9\.50 us", text2, re.M)
               is not None, "hostile: native failure informational, no time ratio, key metric")
        expect("hostile: native run (informational, not judged) did not pass" in text2,
               "the informational native failure is a note")
        expect("hostile: sandboxed: arg_read_only_control: status written into a read-only page" in text2,
               "`info note` lines become notes")
        expect("hostile: nvproxy 0xc020472a unknown DENY x5 (errors 5)   (expected: this workload provokes denials)"
               in text2, "hostile DENY rows listed as expected")
        expect("hostile_nodeny [FAIL]: sandboxed: no NVIDIA ioctl was denied" in text2, "hostile needs DENY rows")
        expect("hostile_leak [FAIL]: sandboxed: the sentry leaked fds: start=10 end=12" in text2,
               "hostile needs flat sentry fds")
        expect(not any("hostile" in ln and "differs" in ln for ln in printed2), "hostile: checks not compared")
        ncmd = (t / "out2" / "logs" / "hostile.native.cmd").read_text().splitlines()[0]
        scmd = (t / "out2" / "logs" / "hostile.sandboxed.cmd").read_text().splitlines()[0]
        expect(ncmd.endswith("hostile_ok --native") and "--native" not in scmd, f"native args: {ncmd} / {scmd}")
        md2 = (t / "out2" / "summary.md").read_text()
        expect("## Bench" in md2 and "| memcpy H2D (GB/s) | 20.00 | 18.00 | 0.90x | 0.90x | 1.10x | 3 |" in md2
               and md2.rstrip().endswith("gpu suite: 4 passed, 2 failed"), "summary.md bench section")
        res2 = json.loads((t / "out2" / "results.json").read_text())
        expect(res2["meta"].get("bench") == 3 and res2["bench"] and res2["bench"][0]["pairs"] == "3"
               and [w["pairs"] for w in res2["workloads"]][:3] == [3, 3, 0], "results.json bench")
        if failures:
            print(text2)

    # 5. The hostile workload itself, as far as it runs without a GPU: its requests and struct layouts
    # against the driver's, and every case built and issued on /dev/null.
    try:
        p = subprocess.run([sys.executable, str(GPU_DIR / "hostile.py"), "--dry-run", "--calls", "20", "--races", "50"],
                           capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
        last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""
        expect(p.returncode == 0 and "requests=ok" in last and last.endswith("PASS") and "Error" not in p.stdout
               and p.stdout.count("\ndry ") >= 30, f"hostile.py --dry-run: rc {p.returncode}, '{last}', "
               f"stderr {p.stderr.strip()[-300:]!r}")
    except (OSError, subprocess.SubprocessError) as e:
        expect(False, f"hostile.py --dry-run: {e}")

    # 6. hostile.py's judging against a model of NVProxy's answers (hostile_model.py): every case ok;
    # and with a bug planted in the model, the case that must catch it fails.
    planted = {"": [], "type_g": ["control_type_G"], "status_ok": ["control_not_allowed", "fd_swap_race"],
               "no_efault": ["arg_unmapped_control", "arg_straddle_control"], "leak_fd": ["guest_fds_flat"]}
    for bug, bad in planted.items():
        argv = [sys.executable, str(GPU_DIR / "hostile_model.py")] + (["--bug", bug] if bug else [])
        try:
            p = subprocess.run(argv, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError) as e:
            expect(False, f"hostile_model.py {bug}: {e}")
            continue
        out = p.stdout.splitlines()
        checks = {ln.split()[1]: ln.split()[2] for ln in out if ln.startswith("check ") and len(ln.split()) == 3}
        last = out[-1] if out else ""
        if not bug:
            expect(p.returncode == 0 and last.startswith("hostile mode=sandboxed") and last.endswith("PASS")
                   and len(checks) >= 40 and set(checks.values()) == {"ok"} and "metric notes 2 count" in out,
                   f"hostile_model.py: rc {p.returncode}, '{last}', not ok: "
                   f"{[k for k, v in checks.items() if v != 'ok']}, stderr {p.stderr.strip()[-300:]!r}")
        else:
            expect(p.returncode == 1 and last.endswith("FAIL") and all(checks.get(c) == "BAD" for c in bad),
                   f"hostile_model.py --bug {bug}: rc {p.returncode}, '{last}', want BAD: {bad}")
    for fl in failures:
        print(f"selftest: FAILED: {fl}")
    print("selftest: OK" if not failures else f"selftest: {len(failures)} check(s) failed")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
