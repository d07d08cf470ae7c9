package dev.sluice.oci.spec;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An OCI runtime configuration ({@code config.json}, runtime-spec 1.0-1.2), as Jackson reads it.
 *
 * <p>Field names are the JSON names. Optional objects are null when absent; absent lists and maps
 * are empty (never null), but their elements are kept as written, nulls included, so that {@link
 * SpecValidator} can name a bad element by its index. Unsigned 32-bit JSON numbers are {@code Long}
 * and unsigned 64-bit ones {@code BigInteger}: the validator checks their ranges and names the
 * field. Unknown fields are ignored, as runc ignores them.
 *
 * <p>What Sluice does with each field, and what it refuses, is docs/oci.md.
 */
public record Spec(
        String ociVersion,
        Process process,
        Root root,
        String hostname,
        String domainname,
        List<Mount> mounts,
        Hooks hooks,
        Map<String, String> annotations,
        Linux linux) {
    public Spec {
        mounts = list(mounts);
        annotations = map(annotations);
    }

    /** {@code process}: the container's first process. */
    public record Process(
            Boolean terminal,
            ConsoleSize consoleSize,
            User user,
            List<String> args,
            String commandLine,
            List<String> env,
            String cwd,
            Capabilities capabilities,
            List<Rlimit> rlimits,
            Boolean noNewPrivileges,
            String apparmorProfile,
            Long oomScoreAdj,
            String selinuxLabel,
            Object ioPriority,
            Object scheduler) {
        public Process {
            args = list(args);
            env = list(env);
            rlimits = list(rlimits);
        }

        public boolean isTerminal() {
            return Boolean.TRUE.equals(terminal);
        }

        public boolean isNoNewPrivileges() {
            return Boolean.TRUE.equals(noNewPrivileges);
        }
    }

    public record ConsoleSize(Long height, Long width) {}

    /** {@code process.user}: numeric ids only (a {@code username} is Windows-only in the spec). */
    public record User(Long uid, Long gid, Long umask, List<Long> additionalGids, String username) {
        public User {
            additionalGids = list(additionalGids);
        }
    }

    /** {@code process.capabilities}: names such as {@code CAP_KILL}. */
    public record Capabilities(
            List<String> bounding,
            List<String> effective,
            List<String> inheritable,
            List<String> permitted,
            List<String> ambient) {
        public Capabilities {
            bounding = list(bounding);
            effective = list(effective);
            inheritable = list(inheritable);
            permitted = list(permitted);
            ambient = list(ambient);
        }
    }

    /** {@code process.rlimits[]}: {@code RLIMIT_NOFILE} style type, uint64 limits. */
    public record Rlimit(String type, BigInteger hard, BigInteger soft) {}

    /** {@code root}: the rootfs, relative to the bundle or absolute. */
    public record Root(String path, Boolean readonly) {
        public boolean isReadonly() {
            return Boolean.TRUE.equals(readonly);
        }
    }

    /** {@code mounts[]}: in order; {@code options} are mount(8)-style flags and filesystem data. */
    public record Mount(
            String destination,
            String type,
            String source,
            List<String> options,
            List<IdMapping> uidMappings,
            List<IdMapping> gidMappings) {
        public Mount {
            options = list(options);
            uidMappings = list(uidMappings);
            gidMappings = list(gidMappings);
        }
    }

    public record IdMapping(Long containerID, Long hostID, Long size) {}

    /**
     * {@code hooks}: every kind of the spec (prestart is deprecated but still sent by some
     * clients).
     */
    public record Hooks(
            List<Hook> prestart,
            List<Hook> createRuntime,
            List<Hook> createContainer,
            List<Hook> startContainer,
            List<Hook> poststart,
            List<Hook> poststop) {
        public Hooks {
            prestart = list(prestart);
            createRuntime = list(createRuntime);
            createContainer = list(createContainer);
            startContainer = list(startContainer);
            poststart = list(poststart);
            poststop = list(poststop);
        }

        /** Every hook kind by its JSON name, in the order the spec runs them. */
        public Map<String, List<Hook>> byKind() {
            Map<String, List<Hook>> m = new LinkedHashMap<>();
            m.put("prestart", prestart);
            m.put("createRuntime", createRuntime);
            m.put("createContainer", createContainer);
            m.put("startContainer", startContainer);
            m.put("poststart", poststart);
            m.put("poststop", poststop);
            return m;
        }
    }

    public record Hook(String path, List<String> args, List<String> env, Long timeout) {
        public Hook {
            args = list(args);
            env = list(env);
        }
    }

    /** {@code linux}: namespaces, devices, cgroups and the kernel's security knobs. */
    public record Linux(
            List<IdMapping> uidMappings,
            List<IdMapping> gidMappings,
            Map<String, String> sysctl,
            Resources resources,
            String cgroupsPath,
            List<Namespace> namespaces,
            List<Device> devices,
            Seccomp seccomp,
            String rootfsPropagation,
            List<String> maskedPaths,
            List<String> readonlyPaths,
            String mountLabel,
            Object intelRdt,
            Object personality,
            Map<String, Object> timeOffsets,
            Map<String, NetDevice> netDevices) {
        public Linux {
            netDevices = map(netDevices);
            uidMappings = list(uidMappings);
            gidMappings = list(gidMappings);
            sysctl = map(sysctl);
            namespaces = list(namespaces);
            devices = list(devices);
            maskedPaths = list(maskedPaths);
            readonlyPaths = list(readonlyPaths);
            timeOffsets = map(timeOffsets);
        }
    }

    /**
     * {@code linux.netDevices.HOSTNAME}: a host netdev moved into the container's network
     * namespace, named {@code name} there (its host name when null or empty).
     */
    public record NetDevice(String name) {}

    /** {@code linux.namespaces[]}: a type, and a path to join instead of creating one. */
    public record Namespace(String type, String path) {}

    /** {@code linux.devices[]}: a node to create in the container. */
    public record Device(
            String type, String path, Long major, Long minor, Long fileMode, Long uid, Long gid) {}

    /**
     * {@code linux.resources}: cgroup settings. Only the device rules are typed; the rest is kept
     * as JSON.
     */
    public record Resources(
            List<DeviceRule> devices,
            Map<String, Object> memory,
            Map<String, Object> cpu,
            Map<String, Object> pids,
            Map<String, Object> blockIO,
            List<Object> hugepageLimits,
            Map<String, Object> network,
            Map<String, Object> rdma,
            Map<String, Object> unified) {
        public Resources {
            devices = list(devices);
            memory = map(memory);
            cpu = map(cpu);
            pids = map(pids);
            blockIO = map(blockIO);
            hugepageLimits = list(hugepageLimits);
            network = map(network);
            rdma = map(rdma);
            unified = map(unified);
        }
    }

    /** {@code linux.resources.devices[]}: the device cgroup's allow/deny list. */
    public record DeviceRule(Boolean allow, String type, Long major, Long minor, String access) {}

    /**
     * {@code linux.seccomp}: kept typed so that a later step can merge it with Sluice's notify
     * rules.
     */
    public record Seccomp(
            String defaultAction,
            Long defaultErrnoRet,
            List<String> architectures,
            List<String> flags,
            String listenerPath,
            String listenerMetadata,
            List<Syscall> syscalls) {
        public Seccomp {
            architectures = list(architectures);
            flags = list(flags);
            syscalls = list(syscalls);
        }
    }

    public record Syscall(List<String> names, String action, Long errnoRet, List<SyscallArg> args) {
        public Syscall {
            names = list(names);
            args = list(args);
        }
    }

    public record SyscallArg(Long index, BigInteger value, BigInteger valueTwo, String op) {}

    /** An unmodifiable copy that keeps null elements (the validator reports them by index). */
    static <T> List<T> list(List<T> l) {
        return l == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(l));
    }

    static <K, V> Map<K, V> map(Map<K, V> m) {
        return m == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }
}
