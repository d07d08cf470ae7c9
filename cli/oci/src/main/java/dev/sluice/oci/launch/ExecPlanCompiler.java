package dev.sluice.oci.launch;

import dev.sluice.oci.cgroup.Cgroup;
import dev.sluice.oci.spec.KernelNames;
import dev.sluice.oci.spec.Spec;
import dev.sluice.sentry.launch.LaunchPlan;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The launch plan of a process that {@code exec} adds to a running container: the counterpart of
 * {@link OciPlanCompiler} for a container that already exists. No init and no mounts: the outer
 * {@code sluice-init} joins the namespaces of the container's init (those config.json lists, so a
 * namespace the container shares with the host stays shared), through a pidfd checked against
 * init's start time, and forks the process into them; the process gets {@link ProcessOps}, the same
 * as the container's first process, with the container's notify rules. In a container with a user
 * namespace the join enters it too, first, and outer becomes its root. The process's seccomp
 * listener goes to the container's sentry like the first one's: an exec'd process is mediated, or
 * it does not run.
 */
public final class ExecPlanCompiler {
    private ExecPlanCompiler() {}

    /**
     * What the running container's state says about it, for a process {@code exec} adds.
     *
     * @param initPid host pid of the container's init
     * @param initStart its start time (/proc/PID/stat field 22), so a reused pid is never joined
     * @param rules the container's notify rules, as its sentry recorded them
     * @param trapWrites its sentry traps the write family too (as its trap file records it): the
     *     exec'd process gets the same filter as the container's
     * @param trapOpens its sentry opens some of its device nodes itself (as its trap file records
     *     it): the exec'd process also gets the open family trapped and {@code mknod} of character
     *     devices refused ({@link dev.sluice.sentry.launch.OpenTraps}), as the container's first
     *     process; the nodes' nodev binds are the container's mounts, which the process joins
     * @param cgroup the container's cgroup (as state.json records it): under a cgroup v1 device
     *     controller the process keeps {@code CAP_MKNOD} where it lists it ({@link
     *     ProcessOps#keepsMknod})
     */
    public record Container(
            int initPid,
            long initStart,
            List<NotifyRule> rules,
            boolean trapWrites,
            boolean trapOpens,
            Map<String, String> cgroup) {
        /** A container that traps ioctls only, in no cgroup of its own. */
        public static Container of(int initPid, long initStart, List<NotifyRule> rules) {
            return new Container(initPid, initStart, rules, false, false, Map.of());
        }
    }

    /**
     * @param config the container's config.json (for its namespaces)
     * @param process the process to run, already validated
     * @param file where {@code process} came from, for errors
     * @param prefix where the process sits in {@code file}: {@code ""} (a process.json) or {@code
     *     "process."}
     * @param container the running container the process joins
     * @param detach the outer process exits once the process exists (it is reparented to the
     *     caller's subreaper)
     * @param preservedFds the process also keeps fds 3 to 3+{@code preservedFds}-1 ({@code exec
     *     --preserve-fds})
     */
    public static LaunchPlan compile(
            Spec config,
            Spec.Process process,
            String file,
            String prefix,
            Container container,
            boolean detach,
            int preservedFds) {
        int initPid = container.initPid();
        List<NotifyRule> rules = container.rules();
        ProcessOps.check(process, file, prefix);
        // The container's maps were checked at create; the process's ids must be in them.
        UserNamespace userns = UserNamespace.of(config, file);
        if (userns != null) {
            new UserNamespaceChecks(userns, file).process(process, prefix);
        }
        LaunchPlan.Builder b = LaunchPlan.builder();
        if (detach) {
            b.detach();
        }
        // On cgroup v2 the process is forked into the container's cgroup, with no move of any
        // process (docs/launch-plan.md, cgroup; ExecPlacement).
        String v2 = Cgroup.v2Directory(container.cgroup());
        if (v2 != null) {
            b.cgroup(v2);
        }
        // With the container's user namespace among the flags, setns(2) enters it first and checks
        // the others with the capabilities it gives (setns(2), "pidfd"); outer then becomes its
        // root, as the container's init did, before it forks the process.
        b.join(initPid, container.initStart(), namespaces(config));
        if (userns != null) {
            b.setid(0, 0);
        }
        // The container's own seccomp profile applies to an exec'd process too, as with runc.
        SeccompProfile.compile(config, file, b, !rules.isEmpty());
        if (preservedFds > 0) {
            b.preserveFds(preservedFds);
        }
        Long persona = OciSpecChecks.personality(config, file);
        if (persona != null) {
            b.personality(persona); // the container's execution domain, as its first process's
        }
        // cwd needs no resolving here: after the join, "/" is the container's root.
        return ProcessOps.emit(
                b,
                process,
                process.cwd(),
                ContainerHome.entry(
                        process, new ContainerPaths(Path.of("/proc/" + initPid + "/root"))),
                rules,
                container.trapWrites(),
                container.trapOpens(),
                OciPlanCompiler.allowsIoUring(config, file),
                ProcessOps.keepsMknod(config, container.cgroup()));
    }

    /**
     * The CLONE_NEW* flags of every namespace type config.json lists (created or joined by path).
     */
    static long namespaces(Spec config) {
        long flags = 0;
        if (config.linux() != null) {
            for (Spec.Namespace n : config.linux().namespaces()) {
                flags |= KernelNames.NAMESPACES.get(n.type());
            }
        }
        return flags;
    }
}
