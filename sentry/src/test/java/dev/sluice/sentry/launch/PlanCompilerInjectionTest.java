package dev.sluice.sentry.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.launch.LaunchPlan.Op;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** A sandbox's root with injected files (CDI edits): an overlay on a root of its own. */
class PlanCompilerInjectionTest {
    private static final Path STAGING = Path.of("/run/sluice/stage-test");
    private static final String ROOT = STAGING.toString();
    private static final String SCRATCH = "/run/sluice/stage-test-tmp";
    private static final String BIND_REC = Long.toString(4096 | 16384);
    private static final String LIBDIR = "/usr/lib/x86_64-linux-gnu";

    @TempDir Path tmp;
    private Path rootfs;
    private Path hostLib;
    private Path hostDir;

    @BeforeEach
    void files() throws IOException {
        rootfs = Files.createDirectories(tmp.resolve("rootfs"));
        hostLib = Files.writeString(tmp.resolve("libcuda.so.1"), "ELF");
        hostDir = Files.createDirectories(tmp.resolve("nvidia-share"));
    }

    private Injection injection(ProcView proc) {
        return new Injection(
                List.of(
                        new Injection.Bind(hostLib, LIBDIR + "/libcuda.so.1"),
                        new Injection.Bind(hostDir, "/usr/share/nvidia")),
                List.of(new Injection.Link("libcuda.so.1", LIBDIR + "/libcuda.so")),
                List.of(LIBDIR),
                proc);
    }

    private static SandboxSpec spec(Path rootfs, Injection injection) {
        return new SandboxSpec(
                List.of("nvidia-smi"),
                List.of("PATH=/usr/bin:/bin"),
                "/",
                rootfs,
                SandboxSpec.Network.HOST,
                List.of(),
                null,
                Set.of(),
                Map.of(),
                SysView.NONE,
                false,
                Map.of(),
                null,
                false,
                injection);
    }

    private static List<Op> compile(SandboxSpec spec) {
        return PlanCompiler.compile(spec, List.of(), STAGING).ops();
    }

    private static Op op(String name, String... args) {
        return new Op(name, List.of(args));
    }

    private static int indexOf(List<Op> ops, Predicate<Op> p, String what) {
        for (int i = 0; i < ops.size(); i++) {
            if (p.test(ops.get(i))) {
                return i;
            }
        }
        throw new AssertionError("the plan has no " + what + ": " + ops);
    }

    private static Predicate<Op> is(Op op) {
        return op::equals;
    }

    /** The host's ldconfig, as the compiler picks it. */
    private static String ldconfig() {
        return Injection.LDCONFIG.stream()
                .filter(Files::isExecutable)
                .findFirst()
                .orElseThrow(() -> new AssertionError("this host has no ldconfig"))
                .toString();
    }

    private static boolean mountsAt(Op o, String target) {
        return o.name().equals("mount") && o.args().get(1).equals(target);
    }

    @Test
    void injectedFilesMakeTheRootAnOverlayWithBindsLinksAndTheHostsLdconfigBeforeItIsReadOnly() {
        List<Op> ops = compile(spec(rootfs, injection(ProcView.NONE)));
        String lib = ROOT + LIBDIR + "/libcuda.so.1";
        String share = ROOT + "/usr/share/nvidia";
        List<Op> expected = new ArrayList<>();
        expected.add(op("mkdir", SCRATCH + "/root-upper", "755"));
        expected.add(op("mkdir", SCRATCH + "/root-work", "700"));
        expected.add(
                op(
                        "mount",
                        "overlay",
                        ROOT,
                        "overlay",
                        "0",
                        "lowerdir="
                                + rootfs
                                + ",upperdir="
                                + SCRATCH
                                + "/root-upper,workdir="
                                + SCRATCH
                                + "/root-work"));
        for (String d : List.of("dev", "proc", "tmp", "sys", "run")) {
            expected.add(op("mkdir", ROOT + "/" + d, "755"));
        }
        expected.add(op("mkdir", ROOT + LIBDIR, "755"));
        expected.add(op("touch", lib, "644"));
        expected.add(op("mount", hostLib.toString(), lib, "", BIND_REC, ""));
        expected.add(op("mount-setattr", lib, "7", "0", "1"));
        expected.add(op("mkdir", ROOT + "/usr/share", "755"));
        expected.add(op("mkdir", share, "755"));
        expected.add(op("mount", hostDir.toString(), share, "", BIND_REC, ""));
        expected.add(op("mount-setattr", share, "7", "0", "1"));
        expected.add(op("mkdir", ROOT + LIBDIR, "755"));
        expected.add(op("symlink", "libcuda.so.1", ROOT + LIBDIR + "/libcuda.so"));
        expected.add(op("mkdir", ROOT + "/etc", "755"));
        expected.add(op("run", ldconfig(), "ldconfig", "-r", ROOT, LIBDIR));
        expected.add(op("mount-setattr", ROOT, "1", "0", "1"));
        int start = indexOf(ops, is(expected.get(0)), "root-upper");
        assertEquals(expected, ops.subList(start, Math.min(ops.size(), start + expected.size())));
        assertTrue(
                ops.stream().noneMatch(o -> mountsAt(o, ROOT) && o.args().get(3).equals(BIND_REC)),
                "no bind of the rootfs: " + ops);
        int scratch = indexOf(ops, o -> mountsAt(o, SCRATCH), "scratch tmpfs");
        assertTrue(scratch < start, "the overlay's upper layer is on the scratch tmpfs");
        int tmpOverlay = indexOf(ops, o -> mountsAt(o, ROOT + "/tmp"), "/tmp overlay");
        assertTrue(start + expected.size() - 1 < tmpOverlay, "the root is read-only before /tmp");
    }

    @Test
    void withoutAnInjectionTheRootfsIsBoundAsBefore() {
        List<Op> ops = compile(spec(rootfs, Injection.NONE));
        int bind =
                indexOf(
                        ops,
                        is(op("mount", rootfs.toString(), ROOT, "", BIND_REC, "")),
                        "bind of the rootfs");
        assertEquals(op("mount-setattr", ROOT, "1", "0", "1"), ops.get(bind + 1));
        assertFalse(ops.stream().anyMatch(o -> o.name().equals("run")), "no ldconfig");
        assertFalse(
                ops.stream().anyMatch(o -> o.args().contains("overlay") && mountsAt(o, ROOT)),
                "no overlay root");
    }

    @Test
    void aProcViewAloneLeavesTheRootABindAndIsShownAfterProc() {
        ProcView view = new ProcView("sys/fs", Map.of(), Map.of("file-max", "1\n"));
        Injection onlyProc = new Injection(List.of(), List.of(), List.of(), view);
        assertFalse(onlyProc.changesRoot());
        List<Op> ops = compile(spec(rootfs, onlyProc));
        indexOf(
                ops,
                is(op("mount", rootfs.toString(), ROOT, "", BIND_REC, "")),
                "bind of the rootfs");
        int proc =
                indexOf(
                        ops,
                        o -> mountsAt(o, ROOT + "/proc") && o.args().get(2).equals("proc"),
                        "proc");
        int tmpfs = indexOf(ops, o -> mountsAt(o, ROOT + "/proc/sys/fs"), "the view's tmpfs");
        int file =
                indexOf(
                        ops,
                        is(op("write-file", ROOT + "/proc/sys/fs/file-max", "1\n")),
                        "the view's file");
        int pivot = indexOf(ops, o -> o.name().equals("pivot-root"), "pivot_root");
        assertTrue(proc < tmpfs && tmpfs < file && file < pivot, ops.toString());
    }

    @Test
    void onTheHostsRootNothingIsOverlaidBoundLinkedOrRun() {
        List<Op> ops = compile(spec(null, injection(ProcView.NONE)));
        indexOf(ops, is(op("mount", "/", ROOT, "", BIND_REC, "")), "bind of the host's root");
        assertFalse(
                ops.stream().anyMatch(o -> o.args().contains("overlay") && mountsAt(o, ROOT)),
                "no overlay root");
        assertFalse(ops.stream().anyMatch(o -> o.name().equals("run")), "no ldconfig");
        assertFalse(
                ops.stream()
                        .anyMatch(
                                o ->
                                        o.name().equals("symlink")
                                                && o.args().get(1).startsWith(ROOT + "/usr")),
                "no link");
        assertFalse(ops.stream().anyMatch(o -> o.args().contains(hostLib.toString())), "no bind");
    }

    @Test
    void anInjectionWithoutLdFoldersRunsNoLdconfig() {
        Injection noLd =
                new Injection(
                        List.of(new Injection.Bind(hostLib, "/opt/lib/libx.so")),
                        List.of(),
                        List.of(),
                        null);
        List<Op> ops = compile(spec(rootfs, noLd));
        indexOf(ops, o -> o.args().contains("overlay") && mountsAt(o, ROOT), "overlay root");
        assertFalse(ops.stream().anyMatch(o -> o.name().equals("run")), "no ldconfig");
        assertEquals(ProcView.NONE, noLd.proc(), "no view given: none");
    }
}
