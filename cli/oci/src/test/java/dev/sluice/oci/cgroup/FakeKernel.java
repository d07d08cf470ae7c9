package dev.sluice.oci.cgroup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A cgroup filesystem in a temporary directory, with the few kernel behaviours Sluice relies on:
 * mkdir makes the control files (v2: those of the controllers the parent enables), control files
 * cannot be created by writing, cgroup.procs forgets processes that exited and a process moved into
 * a cgroup leaves its other cgroup of that hierarchy, rmdir of a populated cgroup is EBUSY, the
 * freezers report frozen at once, cgroup.subtree_control takes {@code +c -c}, cgroup.kill kills.
 * Both layouts: v1 as on a hybrid host (one mount per controller and name=systemd, and an empty
 * unified tree), and v2 (one tree). Public for the runtime's own tests ({@code
 * ContainerRuntimeCreateTest}).
 */
public final class FakeKernel implements CgroupFs {
    static final List<String> V1_HIERARCHIES =
            List.of(
                    "cpu",
                    "cpuacct",
                    "cpuset",
                    "memory",
                    "devices",
                    "freezer",
                    "blkio",
                    "pids",
                    "name=systemd");
    static final Map<String, Map<String, String>> V1_FILES =
            Map.of(
                    "memory",
                            files(
                                    "memory.limit_in_bytes",
                                    "9223372036854771712",
                                    "memory.soft_limit_in_bytes",
                                    "9223372036854771712",
                                    "memory.memsw.limit_in_bytes",
                                    "9223372036854771712",
                                    "memory.swappiness",
                                    "60",
                                    "memory.oom_control",
                                    "0"),
                    "cpu",
                            files(
                                    "cpu.shares",
                                    "1024",
                                    "cpu.cfs_period_us",
                                    "100000",
                                    "cpu.cfs_quota_us",
                                    "-1",
                                    "cpu.rt_period_us",
                                    "1000000",
                                    "cpu.rt_runtime_us",
                                    "0",
                                    "cpu.idle",
                                    "0",
                                    "cpu.cfs_burst_us",
                                    "0"),
                    "cpuset", files("cpuset.cpus", "", "cpuset.mems", ""),
                    "pids", files("pids.max", "max"),
                    "devices",
                            files(
                                    "devices.allow",
                                    "",
                                    "devices.deny",
                                    "",
                                    "devices.list",
                                    "a *:* rwm"),
                    "freezer", files("freezer.state", "THAWED"));
    static final Map<String, Map<String, String>> V2_FILES =
            Map.of(
                    "memory",
                            files("memory.max", "max", "memory.low", "0", "memory.swap.max", "max"),
                    "cpu",
                            files(
                                    "cpu.weight",
                                    "100",
                                    "cpu.max",
                                    "max 100000",
                                    "cpu.max.burst",
                                    "0",
                                    "cpu.idle",
                                    "0"),
                    "cpuset", files("cpuset.cpus", "", "cpuset.mems", ""),
                    "pids", files("pids.max", "max"),
                    "io", files("io.max", ""));

    public final Path base;
    final boolean v2;

    /** Every write, in order: {@code path-relative-to-base=value}. */
    final List<String> writes = new ArrayList<>();

    /**
     * Control files this kernel lacks (no swap accounting: {@code memory.memsw.limit_in_bytes}).
     */
    final Set<String> missing = new LinkedHashSet<>();

    /** Values the kernel refuses with EINVAL, by file name. */
    public final Map<String, String> refuse = new LinkedHashMap<>();

    /** Whether v2 has cgroup.kill (Linux 5.14). */
    boolean cgroupKill = true;

    /** The own cgroup of the "runtime" in every hierarchy. */
    String own = "/";

    private static Map<String, String> files(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    public FakeKernel(Path tmp, boolean v2) throws IOException {
        this.base = tmp.resolve("cgroup");
        this.v2 = v2;
        Files.createDirectories(base);
        if (v2) {
            put(base.resolve("cgroup.controllers"), "cpuset cpu io memory hugetlb pids");
            put(base.resolve("cgroup.subtree_control"), "");
            put(base.resolve("cgroup.procs"), "");
        } else {
            for (String h : V1_HIERARCHIES) {
                Path d = Files.createDirectories(base.resolve(dirName(h)));
                put(d.resolve("cgroup.procs"), "");
                for (Map.Entry<String, String> f : V1_FILES.getOrDefault(h, Map.of()).entrySet()) {
                    put(
                            d.resolve(f.getKey()),
                            f.getKey().startsWith("cpuset.") ? "0-3" : f.getValue());
                }
            }
            Files.createDirectories(base.resolve("unified"));
            put(base.resolve("unified/cgroup.controllers"), "");
            put(base.resolve("unified/cgroup.procs"), "");
        }
    }

    static String dirName(String hierarchy) {
        return hierarchy.startsWith("name=") ? hierarchy.substring(5) : hierarchy;
    }

    /** The host as CgroupHost sees it: mountinfo and /proc/self/cgroup of this layout. */
    public CgroupHost host() {
        StringBuilder mi =
                new StringBuilder("22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n");
        StringBuilder self = new StringBuilder();
        int id = 30;
        if (v2) {
            mi.append(id)
                    .append(" 22 0:26 / ")
                    .append(base)
                    .append(" rw,nosuid shared:4 - cgroup2 cgroup2 rw,nsdelegate\n");
            self.append("0::").append(own).append('\n');
        } else {
            mi.append(id++)
                    .append(" 22 0:20 / ")
                    .append(base)
                    .append(" rw - tmpfs tmpfs rw,mode=755\n");
            int n = 1;
            for (String h : V1_HIERARCHIES) {
                mi.append(id++)
                        .append(" 30 0:")
                        .append(id)
                        .append(" / ")
                        .append(base.resolve(dirName(h)))
                        .append(" rw,nosuid shared:9 - cgroup cgroup rw,")
                        .append(h)
                        .append('\n');
                self.append(n++).append(':').append(h).append(':').append(own).append('\n');
            }
            mi.append(id)
                    .append(" 30 0:99 / ")
                    .append(base.resolve("unified"))
                    .append(" rw - cgroup2 cgroup2 rw\n");
            self.append("0::/\n");
        }
        return CgroupHost.parse(mi.toString(), self.toString(), base, this);
    }

    private static void put(Path p, String value) throws IOException {
        Files.writeString(p, value, StandardCharsets.US_ASCII);
    }

    /** The text of a file below the base ({@code memory/sluice/c1/memory.limit_in_bytes}). */
    public String at(String rel) throws IOException {
        return Files.readString(base.resolve(rel)).trim();
    }

    // ---- CgroupFs ------------------------------------------------------------------------------

    @Override
    public void mkdir(Path dir) throws IOException {
        Files.createDirectory(dir);
        put(dir.resolve("cgroup.procs"), "");
        if (v2) {
            String enabled =
                    Files.readString(dir.getParent().resolve("cgroup.subtree_control")).trim();
            put(dir.resolve("cgroup.controllers"), enabled);
            put(dir.resolve("cgroup.subtree_control"), "");
            put(dir.resolve("cgroup.freeze"), "0");
            put(dir.resolve("cgroup.events"), "populated 0\nfrozen 0\n");
            if (cgroupKill) {
                put(dir.resolve("cgroup.kill"), "");
            }
            for (String c : enabled.split("\\s+")) {
                for (Map.Entry<String, String> f : V2_FILES.getOrDefault(c, Map.of()).entrySet()) {
                    if (!missing.contains(f.getKey())) {
                        put(dir.resolve(f.getKey()), f.getValue());
                    }
                }
            }
            return;
        }
        String h = base.relativize(dir).getName(0).toString();
        for (String hier : V1_HIERARCHIES) {
            if (dirName(hier).equals(h)) {
                for (Map.Entry<String, String> f :
                        V1_FILES.getOrDefault(hier, Map.of()).entrySet()) {
                    if (!missing.contains(f.getKey())) {
                        put(dir.resolve(f.getKey()), f.getValue());
                    }
                }
            }
        }
    }

    @Override
    public void rmdir(Path dir) throws IOException {
        if (!pidsIn(dir).isEmpty() || children(dir).size() > 0) {
            throw new FileSystemException(dir.toString(), null, "Device or resource busy");
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(dir);
    }

    @Override
    public String read(Path file) throws IOException {
        if (file.getFileName().toString().equals("cgroup.procs")) {
            return pidsIn(file.getParent()).stream()
                    .map(String::valueOf)
                    .collect(Collectors.joining("\n"));
        }
        return Files.readString(file);
    }

    private List<Long> pidsIn(Path dir) throws IOException {
        Path procs = dir.resolve("cgroup.procs");
        if (!Files.exists(procs)) {
            return List.of();
        }
        // The kernel forgets a process once it has exited.
        return Arrays.stream(Files.readString(procs).split("\\s+"))
                .filter(t -> !t.isEmpty())
                .map(Long::parseLong)
                .filter(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false))
                .toList();
    }

    @Override
    public void write(Path file, String value) throws IOException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString());
        }
        String name = file.getFileName().toString();
        if (value.equals(refuse.get(name))) {
            throw new IOException("Invalid argument");
        }
        writes.add(base.relativize(file) + "=" + value);
        switch (name) {
            case "cgroup.procs" -> {
                // A process is in one cgroup per hierarchy: moving it in takes it out of the
                // others.
                Path hierarchy = v2 ? base : base.resolve(base.relativize(file).getName(0));
                try (Stream<Path> s = Files.walk(hierarchy)) {
                    for (Path other :
                            s.filter(f -> f.getFileName().toString().equals("cgroup.procs"))
                                    .toList()) {
                        Set<String> pids =
                                new LinkedHashSet<>(
                                        Arrays.asList(Files.readString(other).split("\\s+")));
                        pids.remove("");
                        if (other.equals(file)) {
                            pids.add(value);
                        } else {
                            pids.remove(value);
                        }
                        put(other, String.join("\n", pids));
                    }
                }
            }
            case "cgroup.subtree_control" -> {
                Set<String> on =
                        new LinkedHashSet<>(
                                Arrays.asList(Files.readString(file).trim().split("\\s+")));
                on.remove("");
                List<String> available =
                        Arrays.asList(
                                Files.readString(file.resolveSibling("cgroup.controllers"))
                                        .trim()
                                        .split("\\s+"));
                for (String t : value.split("\\s+")) {
                    if (!available.contains(t.substring(1))) {
                        throw new IOException("No such file or directory");
                    }
                    if (t.startsWith("+")) {
                        on.add(t.substring(1));
                    } else {
                        on.remove(t.substring(1));
                    }
                }
                put(file, String.join(" ", on));
            }
            case "cgroup.freeze" -> {
                put(file, value);
                put(file.resolveSibling("cgroup.events"), "populated 1\nfrozen " + value + "\n");
            }
            case "cgroup.kill" -> {
                for (long p : pidsIn(file.getParent())) {
                    ProcessHandle.of(p).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
            case "devices.allow", "devices.deny" ->
                    put(file, Files.readString(file) + value + "\n");
            default -> put(file, value);
        }
    }
}
