package dev.sluice.oci.service;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Whether a spare sentry, a process of the runtime service, may stand in for the JVM that a
 * caller's {@code sluice run} would have started itself: only where nothing the sentry inherits
 * from its parent, and acts with, differs between the two. The sandbox's own processes are the
 * caller's children either way (its sluice-init is started by the caller), so they inherit the
 * caller's state in both; what is compared here is what the sentry itself would have inherited:
 *
 * <ul>
 *   <li>every namespace: the sentry opens device nodes, reads {@code /proc} and {@code /sys},
 *       resolves the options' paths and moves netdevs in its own;
 *   <li>credentials, capabilities, {@code no_new_privs}, the seccomp mode: what its workers act
 *       with, and what a caller confined by a filter of its own would have confined it to;
 *   <li>the umask (the files it creates: a trace), the CPUs and memory nodes it may use, its
 *       resource limits (open files, address space), and its OOM score adjustment;
 *   <li>the environment variables that a sentry reads from its own environment, and those that
 *       change how its JVM runs.
 * </ul>
 *
 * Its cgroups are made the caller's by the hand-off itself ({@link SpareHandoff}). A caller that
 * differs in any of these runs its command in a JVM of its own, as without a service.
 */
final class CallerEquivalence {
    /** The namespaces of {@code /proc/PID/ns} compared (one a kernel lacks is skipped on both). */
    static final List<String> NAMESPACES =
            List.of("mnt", "pid", "net", "uts", "ipc", "user", "cgroup", "time");

    /** The lines of {@code /proc/PID/status} compared. */
    static final List<String> STATUS =
            List.of(
                    "Uid",
                    "Gid",
                    "Groups",
                    "CapInh",
                    "CapPrm",
                    "CapEff",
                    "CapBnd",
                    "CapAmb",
                    "NoNewPrivs",
                    "Seccomp",
                    "Umask",
                    "Cpus_allowed_list",
                    "Mems_allowed_list");

    /**
     * Variables a sentry reads from its own environment (test faults, the NVProxy rehearsal's
     * switch), or that change its JVM: a spare started without them would act otherwise.
     */
    static final List<String> ENVIRONMENT =
            List.of(
                    "SLUICE_TEST_FAULTS",
                    "SLUICE_REHEARSAL",
                    "JAVA_TOOL_OPTIONS",
                    "_JAVA_OPTIONS",
                    "JDK_JAVA_OPTIONS");

    private CallerEquivalence() {}

    /**
     * The first thing in which process {@code caller} (with environment {@code env}) differs from
     * this one, as {@code proc} shows both ({@code proc/self} is this process), or null when there
     * is none. A caller that cannot be read differs.
     */
    static String difference(Path proc, int caller, Map<String, String> env) {
        for (String name : ENVIRONMENT) {
            if (env.containsKey(name)) {
                return "its environment sets " + name;
            }
        }
        Path self = proc.resolve("self");
        Path theirs = proc.resolve(Integer.toString(caller));
        try {
            for (String ns : NAMESPACES) {
                String mine = link(self.resolve("ns").resolve(ns));
                String its = link(theirs.resolve("ns").resolve(ns));
                if (mine == null && its == null) {
                    continue;
                }
                if (mine == null || !mine.equals(its)) {
                    return "its " + ns + " namespace is " + its + ", the service's " + mine;
                }
            }
            String myStatus = Files.readString(self.resolve("status"));
            String itsStatus = Files.readString(theirs.resolve("status"));
            for (String key : STATUS) {
                String mine = field(myStatus, key);
                String its = field(itsStatus, key);
                if (mine == null ? its != null : !mine.equals(its)) {
                    return "its " + key + " is " + its + ", the service's " + mine;
                }
            }
            String limits =
                    limitsDifference(
                            Files.readString(self.resolve("limits")),
                            Files.readString(theirs.resolve("limits")));
            if (limits != null) {
                return limits;
            }
            String myOom = Files.readString(self.resolve("oom_score_adj")).strip();
            String itsOom = Files.readString(theirs.resolve("oom_score_adj")).strip();
            if (!myOom.equals(itsOom)) {
                return "its oom_score_adj is " + itsOom + ", the service's " + myOom;
            }
            return null;
        } catch (IOException e) {
            return "it cannot be read (" + e + ")";
        }
    }

    /**
     * The first resource limit in which two {@code /proc/PID/limits} differ, or null. The soft
     * limit of open files is not compared: a JVM raises its own to the hard one at its start, the
     * service's as the caller's would, and the sandbox the spare runs gets the same (the caller's
     * soft limit is raised before it starts it, as a JVM's children inherit the raised one).
     */
    static String limitsDifference(String mine, String theirs) {
        List<String> a = mine.lines().toList();
        List<String> b = theirs.lines().toList();
        if (a.size() != b.size()) {
            return "its resource limits differ from the service's";
        }
        for (int i = 0; i < a.size(); i++) {
            String x = a.get(i);
            String y = b.get(i);
            if (x.startsWith(OPEN_FILES) && y.startsWith(OPEN_FILES)) {
                x = hardOnly(x);
                y = hardOnly(y);
            }
            if (!x.equals(y)) {
                return "its limit \""
                        + b.get(i).replaceAll("\\s+", " ").strip()
                        + "\" differs from the service's";
            }
        }
        return null;
    }

    private static final String OPEN_FILES = "Max open files";

    /** A limits line without its soft value: name, hard limit and unit. */
    private static String hardOnly(String line) {
        String[] columns = line.substring(OPEN_FILES.length()).strip().split("\\s+");
        return columns.length < 2 ? line : OPEN_FILES + " " + columns[1];
    }

    /** A namespace link's target, or null when the kernel has no such namespace. */
    private static String link(Path ns) throws IOException {
        try {
            return Files.readSymbolicLink(ns).toString();
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /** The value of {@code key:} in a status file, or null. */
    private static String field(String status, String key) {
        for (String line : status.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).equals(key)) {
                return line.substring(colon + 1).strip();
            }
        }
        return null;
    }
}
