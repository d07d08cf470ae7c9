package dev.sluice.oci.spec;

import dev.sluice.sentry.launch.Capabilities;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The kernel's names that config.json uses, with their numbers: capabilities ({@code
 * include/uapi/linux/capability.h}), rlimits ({@code include/uapi/asm-generic/resource.h}) and
 * namespace types (the spec's names, {@code CLONE_NEW*} of {@code include/uapi/linux/sched.h}).
 */
public final class KernelNames {
    private KernelNames() {}

    /** Every capability up to CAP_CHECKPOINT_RESTORE (40, Linux 5.9), by number. */
    public static final List<String> CAPABILITIES = Capabilities.NAMES;

    /** The capability's number, or -1 if the name is unknown. */
    public static int capability(String name) {
        return Capabilities.number(name);
    }

    /** Resource limits by number (x86_64 and the generic ABI agree). */
    public static final List<String> RLIMITS =
            List.of(
                    "RLIMIT_CPU",
                    "RLIMIT_FSIZE",
                    "RLIMIT_DATA",
                    "RLIMIT_STACK",
                    "RLIMIT_CORE",
                    "RLIMIT_RSS",
                    "RLIMIT_NPROC",
                    "RLIMIT_NOFILE",
                    "RLIMIT_MEMLOCK",
                    "RLIMIT_AS",
                    "RLIMIT_LOCKS",
                    "RLIMIT_SIGPENDING",
                    "RLIMIT_MSGQUEUE",
                    "RLIMIT_NICE",
                    "RLIMIT_RTPRIO",
                    "RLIMIT_RTTIME");

    /** The rlimit's number, or -1 if the name is unknown. */
    public static int rlimit(String name) {
        return RLIMITS.indexOf(name);
    }

    /** The spec's namespace types and their CLONE_NEW* flags, in the spec's order. */
    public static final Map<String, Long> NAMESPACES;

    static {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("pid", 0x20000000L); // CLONE_NEWPID
        m.put("network", 0x40000000L); // CLONE_NEWNET
        m.put("mount", 0x00020000L); // CLONE_NEWNS
        m.put("ipc", 0x08000000L); // CLONE_NEWIPC
        m.put("uts", 0x04000000L); // CLONE_NEWUTS
        m.put("user", 0x10000000L); // CLONE_NEWUSER
        m.put("cgroup", 0x02000000L); // CLONE_NEWCGROUP
        m.put("time", 0x00000080L); // CLONE_NEWTIME
        NAMESPACES = Collections.unmodifiableMap(m);
    }
}
