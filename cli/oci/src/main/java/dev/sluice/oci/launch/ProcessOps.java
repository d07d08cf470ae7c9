package dev.sluice.oci.launch;

import dev.sluice.oci.spec.KernelNames;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.sentry.launch.IoUring;
import dev.sluice.sentry.launch.LaunchPlan;
import dev.sluice.sentry.launch.OpenTraps;
import dev.sluice.sentry.launch.WriteTraps;

import java.util.List;
import java.util.Map;

/**
 * The workload's part of a launch plan, for any process of a container: its first one ({@link
 * OciPlanCompiler}, from config.json) and every one {@code exec} adds ({@link ExecPlanCompiler},
 * from a process.json). Both get the same treatment, as runc gives them: terminal, working
 * directory, environment, rlimits, user, capabilities, no_new_privs, and the sentry's notify rules,
 * so an exec'd process is mediated exactly like the first one.
 */
final class ProcessOps {
    static final int CAP_MKNOD = 27;

    /** The umask of a process whose config sets none: runc's (libcontainer sets 0022). */
    static final int DEFAULT_UMASK = 022;

    private ProcessOps() {}

    /**
     * Refuses what Sluice cannot do for a process. {@code prefix} is where the process sits in
     * {@code file}: {@code "process."} in config.json, {@code ""} in an exec's process.json.
     */
    static void check(Spec.Process p, String file, String prefix) {
        if (p.apparmorProfile() != null && !p.apparmorProfile().isEmpty()) {
            throw new SpecException(
                    file, prefix + "apparmorProfile", "AppArmor is not supported by sluice");
        }
        if (p.selinuxLabel() != null && !p.selinuxLabel().isEmpty()) {
            throw new SpecException(
                    file, prefix + "selinuxLabel", "SELinux is not supported by sluice");
        }
        if (p.ioPriority() != null) {
            throw new SpecException(file, prefix + "ioPriority", "not supported by sluice yet");
        }
        if (p.scheduler() != null) {
            throw new SpecException(file, prefix + "scheduler", "not supported by sluice yet");
        }
        String command = p.args().get(0);
        if (!command.contains("/") && p.env().stream().noneMatch(e -> e.startsWith("PATH="))) {
            // runc looks a bare name up in the process's own PATH, and there is none
            throw new SpecException(
                    file,
                    prefix + "args[0]",
                    "exec: \""
                            + command
                            + "\": executable file not found in $PATH (the process's env sets no"
                            + " PATH: give one, or an absolute path)");
        }
    }

    /**
     * Emits the workload's ops: a pty first when {@code terminal} is set (it opens /dev/ptmx while
     * still root), then {@code cwd} (already resolved), env (with {@code home}, the {@code HOME=}
     * entry runc would add, when not null), rlimits, user, capabilities, no_new_privs, {@code
     * rules} with io_uring refused beside them unless {@code allowIoUring} ({@link IoUring}), the
     * write family where {@code trapWrites} ({@link WriteTraps}), the open family with {@code
     * mknod} of character devices refused where {@code trapOpens} ({@link OpenTraps}: the sentry
     * opens some of the container's nodes itself), and the exec of {@code args[0]}. {@code mknod}:
     * whether {@code CAP_MKNOD} is kept where the config lists it ({@link #keepsMknod}); otherwise
     * it is dropped from every set.
     */
    static LaunchPlan emit(
            LaunchPlan.Builder b,
            Spec.Process p,
            String cwd,
            String home,
            List<NotifyRule> rules,
            boolean trapWrites,
            boolean trapOpens,
            boolean allowIoUring,
            boolean mknod) {
        if (p.isTerminal()) {
            Spec.ConsoleSize size = p.consoleSize();
            b.terminal(
                    size == null || size.height() == null ? 0 : (int) (long) size.height(),
                    size == null || size.width() == null ? 0 : (int) (long) size.width());
        }
        b.chdir(cwd);
        for (String e : p.env()) {
            b.env(e);
        }
        if (home != null) {
            b.env(home); // runc's HOME where the env has none (ContainerHome)
        }
        for (Spec.Rlimit r : p.rlimits()) {
            b.rlimit(KernelNames.rlimit(r.type()), r.soft().toString(), r.hard().toString());
        }
        Spec.User u = p.user();
        b.user(
                u == null || u.uid() == null ? 0 : u.uid(),
                u == null || u.gid() == null ? 0 : u.gid(),
                u == null ? List.of() : u.additionalGids());
        b.umask(u == null || u.umask() == null ? DEFAULT_UMASK : (int) (long) u.umask());
        Spec.Capabilities c = p.capabilities();
        long keep = mknod ? ~0L : ~(1L << CAP_MKNOD);
        if (c == null) {
            b.caps(0); // none at all, as runc gives a process that lists none
        } else {
            // As runc sets them. At the exec the kernel gives root the bounding set and the
            // inheritable one, cut to this permitted set under no_new_privs, and anyone else the
            // ambient set; effective follows permitted.
            b.caps(
                    mask(c.bounding()) & keep,
                    mask(c.permitted()) & keep,
                    mask(c.inheritable()) & keep,
                    ambient(c) & keep);
        }
        if (p.isNoNewPrivileges()) {
            b.noNewPrivs();
        }
        for (NotifyRule r : rules) {
            b.notifyIoctl(r.mask(), r.value());
        }
        if (trapWrites) {
            WriteTraps.add(b); // the write family, and io_uring refused whatever was asked
        } else if (!rules.isEmpty() && !allowIoUring) {
            IoUring.deny(b);
        }
        if (trapOpens) {
            OpenTraps.add(b); // the open family, and mknod of character devices refused
        }
        return b.exec(p.args().get(0), p.args()).build();
    }

    /**
     * Whether processes of container {@code config} in {@code cgroup} (as state.json records it)
     * keep {@code CAP_MKNOD} where they list it: only where the container's own process lists it in
     * its bounding set (create then checked that no device rule opens a mediated device to it,
     * {@link ProxySelection}; an exec'd process cannot widen that), and only under a cgroup v1
     * device controller, whose rules Sluice wrote ({@code DeviceRules}: deny all, then the config's
     * rules and runc's defaults), so that a node a process makes opens only as those rules allow.
     * On cgroup v2 Sluice loads no device program, and a node made there would open whatever it is:
     * the capability is dropped.
     */
    static boolean keepsMknod(Spec config, Map<String, String> cgroup) {
        Spec.Capabilities c = config.process() == null ? null : config.process().capabilities();
        return c != null
                && (mask(c.bounding()) & (1L << CAP_MKNOD)) != 0
                && cgroup != null
                && cgroup.keySet().stream()
                        .anyMatch(h -> List.of(h.split(",")).contains("devices"));
    }

    /**
     * The capabilities the sentry may act with for a root workload: the bounding set (what its
     * execve grants), none when the process lists none (as runc gives it none); never CAP_MKNOD,
     * which no mediated call needs.
     */
    static long capabilities(Spec.Capabilities caps) {
        return caps == null ? 0 : mask(caps.bounding()) & ~(1L << CAP_MKNOD);
    }

    /**
     * The ambient capabilities that can be raised: the kernel raises one only where it is both
     * permitted and inheritable, and runc drops the others without a word (runc's own default
     * config lists ambient capabilities and no inheritable ones: its containers get none).
     */
    static long ambient(Spec.Capabilities c) {
        return c == null ? 0 : mask(c.ambient()) & mask(c.inheritable()) & mask(c.permitted());
    }

    /**
     * One capability set as a mask: the names the kernel knows (an unknown one is ignored, as runc
     * ignores it; {@code SpecValidator} warns).
     */
    static long mask(List<String> names) {
        long m = 0;
        for (String c : names) {
            int bit = KernelNames.capability(c);
            if (bit >= 0) {
                m |= 1L << bit;
            }
        }
        return m;
    }
}
