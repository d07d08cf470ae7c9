package dev.sluice.oci.spec;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The configuration {@code sluice spec} writes: the same container as {@code runc spec} (rootless
 * false) describes, a shell in {@code rootfs} with a read-only root, a small capability set and the
 * usual /proc, /dev and /sys mounts, with Sluice's hostname.
 */
public final class DefaultSpec {
    /** The runtime-spec version Sluice writes and reports (runc 1.1 writes the same). */
    public static final String OCI_VERSION = "1.0.2-dev";

    private DefaultSpec() {}

    public static String json() {
        try {
            return SpecLoader.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree())
                    + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static Map<String, Object> tree() {
        List<String> caps = List.of("CAP_AUDIT_WRITE", "CAP_KILL", "CAP_NET_BIND_SERVICE");
        Map<String, Object> capabilities =
                obj("bounding", caps, "effective", caps, "permitted", caps);
        Map<String, Object> process =
                obj(
                        "terminal",
                        true,
                        "user",
                        obj("uid", 0, "gid", 0),
                        "args",
                        List.of("sh"),
                        "env",
                        List.of(
                                "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                                "TERM=xterm"),
                        "cwd",
                        "/",
                        "capabilities",
                        capabilities,
                        "rlimits",
                        List.of(obj("type", "RLIMIT_NOFILE", "hard", 1024, "soft", 1024)),
                        "noNewPrivileges",
                        true);
        List<Object> mounts =
                List.of(
                        mount("/proc", "proc", "proc", null),
                        mount(
                                "/dev",
                                "tmpfs",
                                "tmpfs",
                                List.of("nosuid", "strictatime", "mode=755", "size=65536k")),
                        mount(
                                "/dev/pts",
                                "devpts",
                                "devpts",
                                List.of(
                                        "nosuid",
                                        "noexec",
                                        "newinstance",
                                        "ptmxmode=0666",
                                        "mode=0620",
                                        "gid=5")),
                        mount(
                                "/dev/shm",
                                "tmpfs",
                                "shm",
                                List.of("nosuid", "noexec", "nodev", "mode=1777", "size=65536k")),
                        mount(
                                "/dev/mqueue",
                                "mqueue",
                                "mqueue",
                                List.of("nosuid", "noexec", "nodev")),
                        mount("/sys", "sysfs", "sysfs", List.of("nosuid", "noexec", "nodev", "ro")),
                        mount(
                                "/sys/fs/cgroup",
                                "cgroup",
                                "cgroup",
                                List.of("nosuid", "noexec", "nodev", "relatime", "ro")));
        Map<String, Object> linux =
                obj(
                        "resources", obj("devices", List.of(obj("allow", false, "access", "rwm"))),
                        "namespaces",
                                List.of(
                                        obj("type", "pid"),
                                        obj("type", "network"),
                                        obj("type", "ipc"),
                                        obj("type", "uts"),
                                        obj("type", "mount")),
                        "maskedPaths",
                                List.of(
                                        "/proc/acpi",
                                        "/proc/asound",
                                        "/proc/kcore",
                                        "/proc/keys",
                                        "/proc/latency_stats",
                                        "/proc/timer_list",
                                        "/proc/timer_stats",
                                        "/proc/sched_debug",
                                        "/sys/firmware",
                                        "/proc/scsi"),
                        "readonlyPaths",
                                List.of(
                                        "/proc/bus",
                                        "/proc/fs",
                                        "/proc/irq",
                                        "/proc/sys",
                                        "/proc/sysrq-trigger"));
        return obj(
                "ociVersion",
                OCI_VERSION,
                "process",
                process,
                "root",
                obj("path", "rootfs", "readonly", true),
                "hostname",
                "sluice",
                "mounts",
                mounts,
                "linux",
                linux);
    }

    private static Map<String, Object> mount(
            String dest, String type, String source, List<String> options) {
        Map<String, Object> m = obj("destination", dest, "type", type, "source", source);
        if (options != null) {
            m.put("options", options);
        }
        return m;
    }

    private static Map<String, Object> obj(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }
}
