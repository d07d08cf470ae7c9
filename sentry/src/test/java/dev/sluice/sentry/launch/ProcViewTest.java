package dev.sluice.sentry.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sluice.sentry.launch.LaunchPlan.Op;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The ops that show a directory of /proc with entries left out or replaced. */
class ProcViewTest {
    private static final String TARGET = "/run/sluice/stage/proc";
    private static final String BIND_REC = Long.toString(4096 | 16384);
    private static final String TMPFS_FLAGS = Long.toString(2 | 4 | 8);

    @TempDir Path proc;

    private Path nvidia;

    @BeforeEach
    void driver() throws IOException {
        nvidia = Files.createDirectories(proc.resolve("driver/nvidia"));
        Files.createDirectories(nvidia.resolve("gpus/0000:01:00.0"));
        Files.createDirectories(nvidia.resolve("gpus/0000:41:00.0"));
        Files.writeString(nvidia.resolve("gpus/README"), "x");
        Files.createDirectories(nvidia.resolve("capabilities"));
        Files.writeString(nvidia.resolve("params"), "ModifyDeviceFiles: 1\n");
        Files.writeString(nvidia.resolve("version"), "NVRM 550\n");
        Files.createSymbolicLink(nvidia.resolve("link"), nvidia.resolve("version"));
    }

    /** The ops {@code view} adds, without the builder's own version and the closing exec. */
    private List<Op> ops(ProcView view, Path hostProc) {
        LaunchPlan.Builder b = LaunchPlan.builder();
        view.apply(b, TARGET, hostProc);
        List<Op> ops = b.exec("true", List.of("true")).build().ops();
        return new ArrayList<>(ops.subList(1, ops.size() - 1));
    }

    private static Op op(String name, String... args) {
        return new Op(name, List.of(args));
    }

    @Test
    void theViewIsATmpfsOfBoundEntriesAFilteredDirectoryAFileAndThenReadOnly() {
        ProcView v =
                new ProcView(
                        "driver/nvidia",
                        Map.of("gpus", Set.of("0000:41:00.0")),
                        Map.of("params", "ModifyDeviceFiles: 0\n"));
        String t = TARGET + "/driver/nvidia";
        String h = nvidia.toString();
        assertEquals(
                List.of(
                        op("mount", "tmpfs", t, "tmpfs", TMPFS_FLAGS, "mode=555,size=64k"),
                        op("mkdir", t + "/capabilities", "555"),
                        op("mount", h + "/capabilities", t + "/capabilities", "", BIND_REC, ""),
                        op("mkdir", t + "/gpus", "555"),
                        op("mkdir", t + "/gpus/0000:41:00.0", "555"),
                        op(
                                "mount",
                                h + "/gpus/0000:41:00.0",
                                t + "/gpus/0000:41:00.0",
                                "",
                                BIND_REC,
                                ""),
                        op("touch", t + "/params", "444"),
                        op("write-file", t + "/params", "ModifyDeviceFiles: 0\n"),
                        op("touch", t + "/version", "444"),
                        op("mount", h + "/version", t + "/version", "", BIND_REC, ""),
                        op("mount-setattr", t, "1", "0", "1")),
                ops(v, proc));
    }

    @Test
    void noViewAndAHostWithoutTheDirectoryAddNothing() throws IOException {
        assertEquals(List.of(), ops(ProcView.NONE, proc));
        ProcView v = new ProcView("driver/nvidia", Map.of(), Map.of());
        assertEquals(List.of(), ops(v, Files.createDirectories(proc.resolve("empty"))));
    }

    @Test
    void aViewWithoutFiltersBindsEveryEntryButLinks() {
        List<Op> ops = ops(new ProcView("driver/nvidia", Map.of(), Map.of()), proc);
        List<String> bound =
                ops.stream()
                        .filter(o -> o.name().equals("mount") && o.args().get(3).equals(BIND_REC))
                        .map(o -> o.args().get(1))
                        .toList();
        String t = TARGET + "/driver/nvidia";
        assertEquals(
                List.of(t + "/capabilities", t + "/gpus", t + "/params", t + "/version"), bound);
    }

    @Test
    void theViewsMapsAreCopies() {
        Map<String, String> files = new HashMap<>(Map.of("params", "x"));
        ProcView v = new ProcView("driver/nvidia", Map.of(), files);
        files.put("version", "y");
        assertEquals(Map.of("params", "x"), v.files());
        assertThrows(UnsupportedOperationException.class, () -> v.files().put("a", "b"));
    }
}
