package dev.sluice.sentry.launch;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The kernel's capability names by number (include/uapi/linux/capability.h): what the OCI spec's
 * {@code process.capabilities} and the seccomp profiles' capability conditions name, and what the
 * plan's {@code caps} mask holds bit by bit.
 */
public final class Capabilities {
    private Capabilities() {}

    /** Every capability up to CAP_CHECKPOINT_RESTORE (40, Linux 5.9), by number. */
    public static final List<String> NAMES =
            List.of(
                    "CAP_CHOWN",
                    "CAP_DAC_OVERRIDE",
                    "CAP_DAC_READ_SEARCH",
                    "CAP_FOWNER",
                    "CAP_FSETID",
                    "CAP_KILL",
                    "CAP_SETGID",
                    "CAP_SETUID",
                    "CAP_SETPCAP",
                    "CAP_LINUX_IMMUTABLE",
                    "CAP_NET_BIND_SERVICE",
                    "CAP_NET_BROADCAST",
                    "CAP_NET_ADMIN",
                    "CAP_NET_RAW",
                    "CAP_IPC_LOCK",
                    "CAP_IPC_OWNER",
                    "CAP_SYS_MODULE",
                    "CAP_SYS_RAWIO",
                    "CAP_SYS_CHROOT",
                    "CAP_SYS_PTRACE",
                    "CAP_SYS_PACCT",
                    "CAP_SYS_ADMIN",
                    "CAP_SYS_BOOT",
                    "CAP_SYS_NICE",
                    "CAP_SYS_RESOURCE",
                    "CAP_SYS_TIME",
                    "CAP_SYS_TTY_CONFIG",
                    "CAP_MKNOD",
                    "CAP_LEASE",
                    "CAP_AUDIT_WRITE",
                    "CAP_AUDIT_CONTROL",
                    "CAP_SETFCAP",
                    "CAP_MAC_OVERRIDE",
                    "CAP_MAC_ADMIN",
                    "CAP_SYSLOG",
                    "CAP_WAKE_ALARM",
                    "CAP_BLOCK_SUSPEND",
                    "CAP_AUDIT_READ",
                    "CAP_PERFMON",
                    "CAP_BPF",
                    "CAP_CHECKPOINT_RESTORE");

    /** The capability's number, or -1 if the name is unknown. */
    public static int number(String name) {
        return NAMES.indexOf(name);
    }

    /** The names of the capabilities whose bits {@code mask} holds. */
    public static Set<String> names(long mask) {
        Set<String> out = new LinkedHashSet<>();
        for (int c = 0; c < NAMES.size(); c++) {
            if ((mask & (1L << c)) != 0) {
                out.add(NAMES.get(c));
            }
        }
        return out;
    }
}
