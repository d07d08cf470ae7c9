package dev.sluice.oci.launch;

import dev.sluice.oci.OciException;
import dev.sluice.oci.spec.KernelNames;
import dev.sluice.oci.spec.Spec;
import dev.sluice.sentry.guest.GuestCredentials;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a container's process may do itself once it runs its program, which is what the sentry's
 * workers may do for it ({@link GuestCredentials}): a container's first process (config.json's
 * {@code process}) and each process {@code exec} adds (its own process.json, or config.json's
 * process with exec's flags) have their own, and the sentry serves each one's listener with its
 * own.
 *
 * <ul>
 *   <li><b>uid and gid</b>: {@code process.user}, 0 when absent; in a user namespace, the host ids
 *       they map to, read from init's {@code /proc/PID/uid_map} and {@code gid_map} (the kernel's
 *       own maps, for a new namespace and a joined one alike);
 *   <li><b>capabilities</b>: the effective set the process holds after its {@code execve}. The
 *       plan's caps op leaves a root process exactly the kept bounding set ({@link
 *       ProcessOps#capabilities}); of that, only what {@code process.capabilities.effective} lists
 *       (none when the config lists none, as runc gives none). A non-root process holds its ambient
 *       set after {@code execve} (those also permitted and inheritable, the only ones the kernel
 *       raises; never CAP_MKNOD, which no mediated call needs). A process in a user namespace holds
 *       none in the host's user namespace, whatever it holds in its own, and drivers check
 *       capabilities against the host's ({@code capable()}).
 * </ul>
 *
 * What a process gains or drops after it starts (a setuid binary without no_new_privs, a {@code
 * setuid} call) is not followed: the sentry keeps serving it with these.
 */
public final class WorkloadCredentials {
    private WorkloadCredentials() {}

    /**
     * The credentials of {@code process}, a process of the container {@code config} describes,
     * whose init has host pid {@code initPid} (for the user namespace's maps).
     */
    public static GuestCredentials of(Spec config, Spec.Process process, String file, int initPid) {
        Spec.User u = process.user();
        long uid = u == null || u.uid() == null ? 0 : u.uid();
        long gid = u == null || u.gid() == null ? 0 : u.gid();
        if (UserNamespace.of(config, file) != null) {
            Path proc = Path.of("/proc", Integer.toString(initPid));
            return new GuestCredentials(
                    hostId(proc.resolve("uid_map"), uid, "uid"),
                    hostId(proc.resolve("gid_map"), gid, "gid"),
                    0);
        }
        return new GuestCredentials(
                uid,
                gid,
                uid == 0
                        ? capabilities(process.capabilities())
                        : ProcessOps.ambient(process.capabilities())
                                & ~(1L << ProcessOps.CAP_MKNOD));
    }

    /**
     * A root process's effective set after execve: the kept set, limited to the listed effective
     * ones.
     */
    static long capabilities(Spec.Capabilities caps) {
        long kept = ProcessOps.capabilities(caps);
        if (caps == null) {
            return kept;
        }
        long effective = 0;
        for (String c : caps.effective()) {
            int bit = KernelNames.capability(c);
            if (bit >= 0) {
                effective |= 1L << bit;
            }
        }
        return kept & effective;
    }

    /** The host id that {@code id} maps to in a {@code /proc/PID/uid_map}-style file. */
    static long hostId(Path map, long id, String what) {
        String text;
        try {
            text = Files.readString(map);
        } catch (IOException e) {
            throw new OciException(
                    "cannot read "
                            + map
                            + " to find the host "
                            + what
                            + " of the container's "
                            + what
                            + " "
                            + id
                            + ": "
                            + e.getMessage(),
                    e);
        }
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length != 3) {
                continue;
            }
            long inside = Long.parseLong(f[0]);
            long outside = Long.parseLong(f[1]);
            long count = Long.parseLong(f[2]);
            if (id >= inside && id - inside < count) {
                return outside + (id - inside);
            }
        }
        throw new OciException(
                "the container's "
                        + what
                        + " "
                        + id
                        + " is not mapped in its user namespace ("
                        + map
                        + "): the sentry could not act as it");
    }
}
