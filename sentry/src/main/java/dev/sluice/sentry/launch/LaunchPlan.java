package dev.sluice.sentry.launch;

import dev.sluice.sentry.seccomp.SyscallProfile;
import dev.sluice.sentry.seccomp.SyscallRule;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The launch plan the sentry sends to {@code sluice-init}: an ordered list of ops, encoded as
 * NUL-terminated tokens ({@code OP \0 N \0 ARG1 \0 ... ARGN \0}). The contract, with every op and
 * which process runs it, is docs/launch-plan.md; C executes it without deciding anything.
 */
public final class LaunchPlan {
    /**
     * Largest plan the sentry sends: one SOCK_SEQPACKET message must fit the socket's default send
     * buffer (net.core.wmem_default, 212992 bytes less overhead). sluice-init accepts up to 256
     * KiB.
     */
    public static final int MAX_BYTES = 192 * 1024;

    public record Op(String name, List<String> args) {
        public Op {
            args = List.copyOf(args);
        }
    }

    private final List<Op> ops;

    private LaunchPlan(List<Op> ops) {
        this.ops = List.copyOf(ops);
    }

    public List<Op> ops() {
        return ops;
    }

    /** The ops named {@code name}, in order. */
    public List<Op> ops(String name) {
        return ops.stream().filter(o -> o.name.equals(name)).toList();
    }

    public byte[] encode() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Op op : ops) {
            token(out, op.name);
            token(out, Integer.toString(op.args.size()));
            for (String a : op.args) {
                token(out, a);
            }
        }
        byte[] b = out.toByteArray();
        if (b.length > MAX_BYTES) {
            throw new IllegalArgumentException(
                    "launch plan too large: " + b.length + " bytes (max " + MAX_BYTES + ")");
        }
        return b;
    }

    private static void token(ByteArrayOutputStream out, String s) {
        if (s.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(
                    "launch plan argument contains NUL: " + s.replace('\0', '?'));
        }
        // getBytes would turn an unpaired surrogate (a JSON "\ud800" in config.json) into '?' and
        // send sluice-init another path than the one asked for.
        if (!StandardCharsets.UTF_8.newEncoder().canEncode(s)) {
            throw new IllegalArgumentException(
                    "launch plan argument is not valid Unicode (an unpaired surrogate): "
                            + s.replaceAll("[\\uD800-\\uDFFF]", "?"));
        }
        out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
        out.write(0);
    }

    /** Parses an encoded plan (the inverse of {@link #encode}); for tests and diagnostics. */
    public static LaunchPlan decode(byte[] bytes) {
        List<String> tokens = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                tokens.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        if (start != bytes.length) {
            throw new IllegalArgumentException("truncated token at byte " + start);
        }
        List<Op> ops = new ArrayList<>();
        for (int i = 0; i < tokens.size(); ) {
            String name = tokens.get(i++);
            if (i >= tokens.size()) {
                throw new IllegalArgumentException("op " + name + " has no argument count");
            }
            long n = count(name, tokens.get(i++));
            if (n > tokens.size() - i) {
                throw new IllegalArgumentException("op " + name + " claims " + n + " arguments");
            }
            ops.add(new Op(name, tokens.subList(i, i + (int) n)));
            i += (int) n;
        }
        return new LaunchPlan(ops);
    }

    /**
     * An argument count as sluice-init reads it (plan.c, parse_num): ASCII digits only, no sign, no
     * spaces. {@link Integer#parseInt} would also take a sign and non-ASCII digits, and fail with a
     * bare {@link NumberFormatException} on an empty token. Saturates past any real count, which
     * the caller then refuses as too many.
     */
    private static long count(String op, String token) {
        if (token.isEmpty()) {
            throw new IllegalArgumentException("op " + op + " has an empty argument count");
        }
        long n = 0;
        for (int k = 0; k < token.length(); k++) {
            char c = token.charAt(k);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException(
                        "op " + op + " has a malformed argument count '" + token + "'");
            }
            n = Math.min(n * 10 + (c - '0'), Integer.MAX_VALUE);
        }
        return n;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Appends ops in the order they must run; {@code version 1} comes first, {@code exec} last. */
    public static final class Builder {
        private final List<Op> ops = new ArrayList<>();

        private Builder() {
            op("version", "1");
        }

        private Builder op(String name, String... args) {
            ops.add(new Op(name, Arrays.asList(args)));
            return this;
        }

        /**
         * The outer process exits once it has reported PID1, and init does not die with it (an OCI
         * container: init is reparented to the caller's subreaper).
         */
        public Builder detach() {
            return op("detach");
        }

        /**
         * The container's process is forked straight into the cgroup v2 directory {@code dir}
         * ({@code clone3} with {@code CLONE_INTO_CGROUP}); outer, which opens it before any
         * namespace op, stays where it was started. Where the kernel or a filter refuses clone3,
         * the forked process moves itself there first. With {@code join} (an exec'd process) outer
         * forks a helper there, which forks the process as outer's child. Not with {@code reaper},
         * nor with an {@code unshare} of the cgroup namespace (see {@link #cgroupns}).
         */
        public Builder cgroup(String dir) {
            return op("cgroup", dir);
        }

        /**
         * The container's process makes its cgroup namespace ({@code unshare(CLONE_NEWCGROUP)}),
         * the first init op: once it is in its cgroup, which so becomes the namespace's root.
         */
        public Builder cgroupns() {
            return op("cgroupns");
        }

        /**
         * Joins the namespace at {@code path} ({@code nsType}: its CLONE_NEW* flag), before
         * unshare.
         */
        public Builder setns(String path, long nsType) {
            return op("setns", path, Long.toString(nsType));
        }

        /**
         * Joins the namespaces {@code cloneFlags} of process {@code pid}, checked to be the one
         * that started at {@code startTime} (exec into a running container). A plan with join has
         * no init: the outer process forks the workload into those namespaces itself.
         */
        public Builder join(int pid, long startTime, long cloneFlags) {
            return op(
                    "join",
                    Integer.toString(pid),
                    Long.toString(startTime),
                    Long.toString(cloneFlags));
        }

        /**
         * Makes a user namespace ({@code unshare(CLONE_NEWUSER)}) whose maps a helper left in the
         * parent namespace writes: {@code uidMap} and {@code gidMap} are the text of {@code
         * /proc/PID/uid_map} and {@code gid_map}, one {@code ID HOSTID SIZE} line per range. Put it
         * before the {@code unshare} of the other namespaces, so that they are owned by it.
         */
        public Builder userns(String uidMap, String gidMap) {
            return op("userns", uidMap, gidMap);
        }

        /**
         * Outer becomes {@code uid}:{@code gid} (no supplementary groups) of the user namespace it
         * has just made or joined, so init works as a mapped user.
         */
        public Builder setid(long uid, long gid) {
            return op("setid", Long.toString(uid), Long.toString(gid));
        }

        /**
         * A flag ({@code sluice run}): pid 1 of the sandbox is a reaper of sluice-init's that forks
         * the workload, forwards signals and reaps orphans, hardened once the workload exists (no
         * capability, no_new_privs, non-dumpable, a filter). Without it the workload is pid 1
         * itself, as a container's process is under runc, and no process of Sluice's is in its pid
         * namespace.
         */
        public Builder reaper() {
            return op("reaper");
        }

        /**
         * The workload, and everything it starts, in a Landlock domain of its own (kernels with
         * Landlock scopes, 6.12+; elsewhere a no-op): from inside it nothing outside can be traced,
         * read through /proc/PID/mem or process_vm_*, or signalled, whatever the capabilities: not
         * sluice run's init, not a process exec'd into the container, not (in the host's pid
         * namespace) the sentry. The first proc op.
         */
        public Builder ptraceScope() {
            return op("ptrace-scope");
        }

        /**
         * process.oomScoreAdj, written by outer before any namespace changes (inherited by init and
         * the workload).
         */
        public Builder oomScoreAdj(long score) {
            return op("oom-score-adj", Long.toString(score));
        }

        public Builder unshare(long cloneFlags) {
            return op("unshare", Long.toString(cloneFlags));
        }

        public Builder hostname(String name) {
            return op("hostname", name);
        }

        public Builder ifup(String ifname) {
            return op("ifup", ifname);
        }

        /** {@code mount(2)}; null source, fstype or data pass NULL. */
        public Builder mount(String source, String target, String fstype, long flags, String data) {
            return op("mount", nz(source), target, nz(fstype), Long.toString(flags), nz(data));
        }

        public Builder mountSetattr(String path, long set, long clear, boolean recursive) {
            return op(
                    "mount-setattr",
                    path,
                    Long.toString(set),
                    Long.toString(clear),
                    recursive ? "1" : "0");
        }

        public Builder mkdir(String path, int mode) {
            return op("mkdir", path, Integer.toOctalString(mode));
        }

        public Builder touch(String path, int mode) {
            return op("touch", path, Integer.toOctalString(mode));
        }

        public Builder symlink(String target, String path) {
            return op("symlink", target, path);
        }

        /** A device node or fifo: {@code type} is c, b or p; {@code mode} the permission bits. */
        public Builder mknod(
                String path, char type, int mode, long major, long minor, long uid, long gid) {
            return op(
                    "mknod",
                    path,
                    String.valueOf(type),
                    Integer.toOctalString(mode),
                    Long.toString(major),
                    Long.toString(minor),
                    Long.toString(uid),
                    Long.toString(gid));
        }

        /** Writes {@code data} into the existing file {@code path} (a sysctl). */
        public Builder writeFile(String path, String data) {
            return op("write-file", path, data);
        }

        /**
         * Init stops here and reports {@code HOOKS}, then goes on at {@code HOOKS-DONE}: the host
         * works on the new namespaces meanwhile: the OCI create hooks run, before pivot_root
         * (docs/oci.md, hooks), and netdevs move into the network namespace
         * (docs/rdma-networking.md).
         */
        public Builder hooksWait() {
            return op("hooks-wait");
        }

        /**
         * Runs the host program {@code path} with {@code argv} (argv[0] first) and an empty
         * environment to completion, before pivot_root; a failure fails the sandbox. The host's
         * {@code ldconfig -r ROOT} writing the cache of the libraries injected into the root.
         */
        public Builder run(String path, List<String> argv) {
            List<String> a = new ArrayList<>();
            a.add(path);
            a.addAll(argv);
            return op("run", a.toArray(String[]::new));
        }

        /**
         * The mount holding {@code path} (an absolute path) becomes private, not recursively: what
         * {@code pivot_root} needs of a root whose propagation was made shared.
         */
        public Builder makePrivate(String path) {
            return op("make-private", path);
        }

        public Builder pivotRoot(String newRoot) {
            return op("pivot-root", newRoot);
        }

        /**
         * A new pty as the workload's controlling terminal and stdio, its master sent back in a
         * {@code CONSOLE} message; {@code rows} and {@code cols} 0 leave the default size. Put it
         * first among the workload's ops: it opens /dev/ptmx before the user changes.
         */
        public Builder terminal(int rows, int cols) {
            return op("terminal", Integer.toUnsignedString(rows), Integer.toUnsignedString(cols));
        }

        public Builder chdir(String dir) {
            return op("chdir", dir);
        }

        public Builder env(String nameValue) {
            return op("env", nameValue);
        }

        /** setrlimit({@code resource}); limits are unsigned 64-bit. */
        public Builder rlimit(int resource, String soft, String hard) {
            return op("rlimit", Integer.toString(resource), soft, hard);
        }

        /** setgroups, setresgid, setresuid, keeping the permitted capabilities for the caps op. */
        public Builder user(long uid, long gid, List<Long> groups) {
            List<String> a = new ArrayList<>();
            a.add(Long.toString(uid));
            a.add(Long.toString(gid));
            groups.forEach(g -> a.add(Long.toString(g)));
            ops.add(new Op("user", a));
            return this;
        }

        /** The workload's umask, {@code 0} to {@code 0777}. */
        public Builder umask(int mask) {
            if (mask < 0 || mask > 0777) {
                throw new IllegalArgumentException("umask " + mask + " is outside 0 to 0777");
            }
            return op("umask", Integer.toOctalString(mask));
        }

        /**
         * The workload's execution domain, a {@code personality(2)} value ({@code PER_LINUX32} =
         * 0x0008 from linux/personality.h: {@code uname -m} then says i686).
         */
        public Builder personality(long persona) {
            if (persona < 0 || persona > 0xffffffffL) {
                throw new IllegalArgumentException("personality " + persona + " is not 32-bit");
            }
            return op("personality", Long.toString(persona));
        }

        /**
         * Only {@code keepMask}, in the bounding, permitted and effective sets; nothing inheritable
         * or ambient.
         */
        public Builder caps(long keepMask) {
            return caps(keepMask, keepMask, 0, 0);
        }

        /**
         * The workload's capability sets, as 64-bit masks of capability numbers: the bounding set,
         * the permitted one (and effective, until the kernel recomputes it at execve), the
         * inheritable and the ambient one.
         */
        public Builder caps(long bounding, long permitted, long inheritable, long ambient) {
            return op(
                    "caps",
                    Long.toUnsignedString(bounding),
                    Long.toUnsignedString(permitted),
                    Long.toUnsignedString(inheritable),
                    Long.toUnsignedString(ambient));
        }

        /**
         * Fds 3 to 3+n-1, which the outer process inherited, stay open across the workload's
         * execve.
         */
        public Builder preserveFds(int n) {
            return op("preserve-fds", Integer.toString(n));
        }

        public Builder noNewPrivs() {
            return op("no-new-privs");
        }

        public Builder notifyIoctl(int mask, int value) {
            return op(
                    "notify-ioctl",
                    Integer.toUnsignedString(mask),
                    Integer.toUnsignedString(value));
        }

        /**
         * Every call of {@code syscall} goes to the sentry as a user notification: a rule of
         * Sluice's own filter. {@code syscall} is a name libseccomp knows, neither {@code sendmsg}
         * nor {@code ioctl} (the listener's handover needs them; sluice-init refuses them).
         */
        public Builder notifySyscall(String syscall) {
            if (!SyscallRule.NAME.matcher(syscall).matches()
                    || syscall.equals("sendmsg")
                    || syscall.equals("ioctl")) {
                throw new IllegalArgumentException(
                        "notify-syscall: not a syscall that may be trapped: '" + syscall + "'");
            }
            return op("notify-syscall", syscall);
        }

        /** {@code socket(domain, *, protocol)} fails with {@code errno} in the workload. */
        public Builder denySocket(int domain, int protocol, int errno) {
            return op(
                    "deny-socket",
                    Integer.toUnsignedString(domain),
                    Integer.toUnsignedString(protocol),
                    Integer.toString(errno));
        }

        /**
         * Every call of {@code syscall} fails with {@code errno} in the workload: a rule of
         * Sluice's own filter (seccomp.c), which no profile loaded after it can allow. {@code
         * syscall} is a name libseccomp knows (sluice-init fails closed on one it does not); {@code
         * errno} is 1 to 4095.
         */
        public Builder denySyscall(String syscall, int errno) {
            if (!SyscallRule.NAME.matcher(syscall).matches()) {
                throw new IllegalArgumentException(
                        "deny-syscall: not a syscall name: '" + syscall + "'");
            }
            if (errno < 1 || errno > SyscallProfile.MAX_ERRNO) {
                throw new IllegalArgumentException(
                        "deny-syscall " + syscall + ": errno " + errno + " is not 1 to 4095");
            }
            return op("deny-syscall", syscall, Integer.toString(errno));
        }

        /**
         * Calls of {@code syscall} whose argument {@code index} (0 to 5) has {@code (arg & mask) ==
         * value} fail with {@code errno} in the workload: a rule of Sluice's own filter ({@code
         * SCMP_CMP_MASKED_EQ}, seccomp.c), which no profile loaded after it can allow. {@code
         * value} has no bits outside {@code mask}; the rest as {@link #denySyscall}.
         */
        public Builder denySyscallArg(String syscall, int errno, int index, long mask, long value) {
            if (!SyscallRule.NAME.matcher(syscall).matches()) {
                throw new IllegalArgumentException(
                        "deny-syscall-arg: not a syscall name: '" + syscall + "'");
            }
            if (errno < 1 || errno > SyscallProfile.MAX_ERRNO) {
                throw new IllegalArgumentException(
                        "deny-syscall-arg " + syscall + ": errno " + errno + " is not 1 to 4095");
            }
            if (index < 0 || index > 5) {
                throw new IllegalArgumentException(
                        "deny-syscall-arg " + syscall + ": argument " + index + " is not 0 to 5");
            }
            if ((value & ~mask) != 0) {
                throw new IllegalArgumentException(
                        String.format(
                                "deny-syscall-arg %s: value 0x%x has bits outside mask 0x%x",
                                syscall, value, mask));
            }
            return op(
                    "deny-syscall-arg",
                    syscall,
                    Integer.toString(errno),
                    Integer.toString(index),
                    Long.toUnsignedString(mask),
                    Long.toUnsignedString(value));
        }

        /**
         * A whole profile ({@code seccomp-default}, {@code seccomp-arch}, {@code seccomp-flag}, one
         * {@code seccomp-rule} per name of each rule, in order): the workload's second filter,
         * loaded right before exec. Its conditions must have been resolved for the sandbox.
         */
        public Builder seccompProfile(SyscallProfile profile) {
            if (!profile.resolved()) {
                throw new IllegalArgumentException(
                        "a seccomp profile with conditions on the sandbox: resolve it first");
            }
            seccompDefault(profile.defaultAction(), profile.defaultErrno());
            profile.architectures().forEach(this::seccompArch);
            profile.flags().forEach(this::seccompFlag);
            for (SyscallRule r : profile.rules()) {
                for (String name : r.names()) {
                    seccompRule(r.action(), r.errno(), name, r.conditionTokens());
                }
            }
            return this;
        }

        /**
         * The container's own seccomp profile (seccomp_profile.c): its default action (an OCI
         * {@code SCMP_ACT_*} name) and the errno that ERRNO and TRACE actions return.
         */
        public Builder seccompDefault(String action, long errno) {
            return op("seccomp-default", action, Long.toString(errno));
        }

        /**
         * An architecture of the profile, by libseccomp's name ({@code x86_64}, {@code x86}, {@code
         * x32}).
         */
        public Builder seccompArch(String name) {
            return op("seccomp-arch", name);
        }

        /** A {@code SECCOMP_FILTER_FLAG_*} of the profile. */
        public Builder seccompFlag(String name) {
            return op("seccomp-flag", name);
        }

        /**
         * One rule of the profile: {@code action} (with {@code errno}) for {@code syscall} when all
         * {@code conds} hold, given in fours: argument index, {@code SCMP_CMP_*}, value, second
         * value. {@code SCMP_ACT_NOTIFY} gives the profile a listener of its own ({@code
         * AGENT-LISTENER}); sluice-init refuses it for {@code sendmsg} and in a plan with {@link
         * #notifyIoctl}.
         */
        public Builder seccompRule(String action, long errno, String syscall, List<String> conds) {
            if (conds.size() % 4 != 0) {
                throw new IllegalArgumentException("seccomp-rule conditions come in fours");
            }
            List<String> a = new ArrayList<>(List.of(action, Long.toString(errno), syscall));
            a.addAll(conds);
            ops.add(new Op("seccomp-rule", a));
            return this;
        }

        public Builder exec(String file, List<String> argv) {
            List<String> a = new ArrayList<>();
            a.add(file);
            a.addAll(argv);
            ops.add(new Op("exec", a));
            return this;
        }

        public LaunchPlan build() {
            if (ops.isEmpty() || !ops.get(ops.size() - 1).name.equals("exec")) {
                throw new IllegalStateException("a launch plan ends with exec");
            }
            return new LaunchPlan(ops);
        }

        private static String nz(String s) {
            return s == null ? "" : s;
        }
    }
}
