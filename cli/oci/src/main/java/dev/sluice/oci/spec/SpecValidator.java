package dev.sluice.oci.spec;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Checks that a {@link Spec} is a valid runtime configuration: required fields, absolute paths,
 * known names, ranges of the unsigned fields, no duplicates where the kernel would take only one.
 * The first problem found is thrown as a {@link SpecException} naming its field. Whether Sluice
 * <em>supports</em> a valid field is decided later, by the launch compiler.
 */
public final class SpecValidator {
    private static final Logger LOG = LoggerFactory.getLogger(SpecValidator.class);
    static final long UINT32_MAX = 0xffffffffL;
    static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private final String file;

    private SpecValidator(String file) {
        this.file = file;
    }

    /** Throws a {@link SpecException} for the first invalid field of {@code spec}. */
    public static void validate(Spec spec, String file) {
        new SpecValidator(file).spec(spec);
    }

    /**
     * Throws a {@link SpecException} for the first invalid field of a process.json (what {@code
     * exec --process} reads: a {@code process} object at the top level, fields named without a
     * prefix).
     */
    public static void validateProcess(Spec.Process process, String file) {
        new SpecValidator(file).process("", process);
    }

    private SpecException bad(String field, String problem) {
        return new SpecException(file, field, problem);
    }

    private void spec(Spec s) {
        if (s.ociVersion() == null || s.ociVersion().isEmpty()) {
            throw bad("ociVersion", "missing (e.g. \"1.0.2\")");
        }
        if (!s.ociVersion().matches("1\\.\\d+\\.\\d+.*")) {
            throw bad(
                    "ociVersion",
                    SpecLoader.quote(s.ociVersion()) + " is not a supported version (1.x.y)");
        }
        if (s.root() == null) {
            throw bad("root", "missing (the root filesystem of the container)");
        }
        if (s.root().path() == null || s.root().path().isEmpty()) {
            throw bad("root.path", "missing");
        }
        if (s.process() == null) {
            throw bad("process", "missing (the container's first process)");
        }
        process("process.", s.process());
        for (int i = 0; i < s.mounts().size(); i++) {
            mount("mounts[" + i + "]", s.mounts().get(i));
        }
        if (s.hooks() != null) {
            for (Map.Entry<String, List<Spec.Hook>> e : s.hooks().byKind().entrySet()) {
                for (int i = 0; i < e.getValue().size(); i++) {
                    String f = "hooks." + e.getKey() + "[" + i + "]";
                    Spec.Hook h = notNull(f, e.getValue().get(i));
                    absolute(f + ".path", h.path());
                    strings(f + ".args", h.args());
                    env(f + ".env", h.env());
                    if (h.timeout() != null && h.timeout() <= 0) {
                        throw bad(f + ".timeout", "must be positive, got " + h.timeout());
                    }
                }
            }
        }
        s.annotations()
                .forEach(
                        (k, v) -> {
                            if (k.isEmpty()) {
                                throw bad("annotations", "empty key");
                            }
                            if (v == null) {
                                throw bad("annotations." + k, "must be a string, not null");
                            }
                        });
        if (s.linux() != null) {
            linux(s.linux(), s);
        } else if (s.hostname() != null && !s.hostname().isEmpty()) {
            throw bad("hostname", "needs a uts namespace (linux.namespaces has none)");
        }
    }

    private void process(String at, Spec.Process p) {
        if (p.args().isEmpty()) {
            throw bad(at + "args", "must not be empty (the command to run)");
        }
        strings(at + "args", p.args());
        if (p.args().get(0).isEmpty()) {
            throw bad(at + "args[0]", "must not be empty");
        }
        env(at + "env", p.env());
        if (p.cwd() == null) {
            throw bad(at + "cwd", "missing (an absolute path, e.g. \"/\")");
        }
        absolute(at + "cwd", p.cwd());
        if (p.user() != null) {
            Spec.User u = p.user();
            uint32(at + "user.uid", u.uid());
            uint32(at + "user.gid", u.gid());
            if (u.umask() != null && (u.umask() < 0 || u.umask() > 0777)) {
                throw bad(at + "user.umask", "must be between 0 and 0777 (511), got " + u.umask());
            }
            for (int i = 0; i < u.additionalGids().size(); i++) {
                String f = at + "user.additionalGids[" + i + "]";
                uint32(f, notNull(f, u.additionalGids().get(i)));
            }
        }
        if (p.capabilities() != null) {
            Spec.Capabilities c = p.capabilities();
            caps(at + "capabilities.bounding", c.bounding());
            caps(at + "capabilities.effective", c.effective());
            caps(at + "capabilities.inheritable", c.inheritable());
            caps(at + "capabilities.permitted", c.permitted());
            caps(at + "capabilities.ambient", c.ambient());
            List<String> unknown =
                    Stream.of(
                                    c.bounding(),
                                    c.effective(),
                                    c.inheritable(),
                                    c.permitted(),
                                    c.ambient())
                            .flatMap(List::stream)
                            .filter(n -> KernelNames.capability(n) < 0)
                            .distinct()
                            .toList();
            if (!unknown.isEmpty()) {
                // runc (libcontainer/capabilities) drops names it does not know, with a warning.
                LOG.warn(
                        "{}: {}capabilities: ignoring unknown or unavailable capabilities: {}",
                        file,
                        at,
                        unknown);
            }
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < p.rlimits().size(); i++) {
            String f = at + "rlimits[" + i + "]";
            Spec.Rlimit r = notNull(f, p.rlimits().get(i));
            if (r.type() == null) {
                throw bad(f + ".type", "missing (e.g. \"RLIMIT_NOFILE\")");
            }
            if (KernelNames.rlimit(r.type()) < 0) {
                throw bad(f + ".type", "unknown rlimit " + SpecLoader.quote(r.type()));
            }
            if (!seen.add(r.type())) {
                throw bad(f + ".type", "duplicate rlimit " + r.type());
            }
            uint64(f + ".hard", notNull(f + ".hard", r.hard()));
            uint64(f + ".soft", notNull(f + ".soft", r.soft()));
            if (r.soft().compareTo(r.hard()) > 0) {
                throw bad(f, "soft limit " + r.soft() + " exceeds hard limit " + r.hard());
            }
        }
        if (p.consoleSize() != null) {
            uint32(at + "consoleSize.height", p.consoleSize().height());
            uint32(at + "consoleSize.width", p.consoleSize().width());
        }
    }

    private void mount(String f, Spec.Mount m) {
        notNull(f, m);
        if (m.destination() == null || m.destination().isEmpty()) {
            throw bad(f + ".destination", "missing");
        }
        strings(f + ".options", m.options());
    }

    private void linux(Spec.Linux l, Spec s) {
        Set<String> types = new HashSet<>();
        for (int i = 0; i < l.namespaces().size(); i++) {
            String f = "linux.namespaces[" + i + "]";
            Spec.Namespace n = notNull(f, l.namespaces().get(i));
            if (n.type() == null) {
                throw bad(f + ".type", "missing");
            }
            if (!KernelNames.NAMESPACES.containsKey(n.type())) {
                throw bad(
                        f + ".type",
                        "unknown namespace type "
                                + SpecLoader.quote(n.type())
                                + " (known: "
                                + String.join(", ", KernelNames.NAMESPACES.keySet())
                                + ")");
            }
            if (!types.add(n.type())) {
                throw bad(f + ".type", "duplicate namespace type " + SpecLoader.quote(n.type()));
            }
            if (n.path() != null && !n.path().isEmpty()) {
                absolute(f + ".path", n.path());
            }
        }
        if (s.hostname() != null && !s.hostname().isEmpty() && !types.contains("uts")) {
            throw bad("hostname", "needs a uts namespace (linux.namespaces has none)");
        }
        Set<String> paths = new HashSet<>();
        for (int i = 0; i < l.devices().size(); i++) {
            String f = "linux.devices[" + i + "]";
            Spec.Device d = notNull(f, l.devices().get(i));
            if (d.path() == null) {
                throw bad(f + ".path", "missing");
            }
            absolute(f + ".path", d.path());
            if (!paths.add(d.path())) {
                throw bad(f + ".path", "duplicate device " + d.path());
            }
            if (d.type() == null || !List.of("c", "b", "u", "p").contains(d.type())) {
                throw bad(
                        f + ".type",
                        "must be \"c\", \"b\", \"u\" or \"p\", got "
                                + (d.type() == null ? "nothing" : SpecLoader.quote(d.type())));
            }
            if (!d.type().equals("p")) {
                if (d.major() == null || d.minor() == null) {
                    throw bad(
                            f,
                            "a "
                                    + (d.type().equals("b") ? "block" : "character")
                                    + " device needs major and minor");
                }
                if (d.major() < 0 || d.major() > 0xfff) {
                    throw bad(f + ".major", "out of range (0 to 4095): " + d.major());
                }
                if (d.minor() < 0 || d.minor() > 0xfffff) {
                    throw bad(f + ".minor", "out of range (0 to 1048575): " + d.minor());
                }
            }
            if (d.fileMode() != null && (d.fileMode() < 0 || d.fileMode() > 07777)) {
                throw bad(
                        f + ".fileMode",
                        "must be permission bits (0 to 07777), got " + d.fileMode());
            }
            uint32(f + ".uid", d.uid());
            uint32(f + ".gid", d.gid());
        }
        for (int i = 0; i < l.maskedPaths().size(); i++) {
            absolute("linux.maskedPaths[" + i + "]", l.maskedPaths().get(i));
        }
        for (int i = 0; i < l.readonlyPaths().size(); i++) {
            absolute("linux.readonlyPaths[" + i + "]", l.readonlyPaths().get(i));
        }
        l.sysctl()
                .forEach(
                        (k, v) -> {
                            if (k.isEmpty()
                                    || k.contains("..")
                                    || k.startsWith("/")
                                    || k.startsWith(".")) {
                                throw bad("linux.sysctl", "bad key " + SpecLoader.quote(k));
                            }
                            if (v == null) {
                                throw bad("linux.sysctl." + k, "must be a string, not null");
                            }
                        });
        if (l.rootfsPropagation() != null
                && !l.rootfsPropagation().isEmpty()
                && !List.of(
                                "private",
                                "rprivate",
                                "slave",
                                "rslave",
                                "shared",
                                "rshared",
                                "unbindable",
                                "runbindable")
                        .contains(l.rootfsPropagation())) {
            throw bad(
                    "linux.rootfsPropagation",
                    "unknown propagation " + SpecLoader.quote(l.rootfsPropagation()));
        }
        if (l.resources() != null) {
            List<Spec.DeviceRule> rules = l.resources().devices();
            for (int i = 0; i < rules.size(); i++) {
                String f = "linux.resources.devices[" + i + "]";
                Spec.DeviceRule r = notNull(f, rules.get(i));
                if (r.allow() == null) {
                    throw bad(f + ".allow", "missing (true or false)");
                }
                if (r.type() != null && !List.of("a", "c", "b").contains(r.type())) {
                    throw bad(
                            f + ".type",
                            "must be \"a\", \"c\" or \"b\", got " + SpecLoader.quote(r.type()));
                }
                if (r.access() != null && !r.access().matches("[rwm]*")) {
                    throw bad(
                            f + ".access",
                            "must be letters of \"rwm\", got " + SpecLoader.quote(r.access()));
                }
            }
        }
    }

    private <T> T notNull(String field, T value) {
        if (value == null) {
            throw bad(field, "must not be null");
        }
        return value;
    }

    private void strings(String field, List<String> l) {
        for (int i = 0; i < l.size(); i++) {
            notNull(field + "[" + i + "]", l.get(i));
        }
    }

    private void env(String field, List<String> env) {
        for (int i = 0; i < env.size(); i++) {
            String e = notNull(field + "[" + i + "]", env.get(i));
            if (e.indexOf('=') <= 0) {
                throw bad(field + "[" + i + "]", SpecLoader.quote(e) + " is not NAME=VALUE");
            }
        }
    }

    private void absolute(String field, String path) {
        if (path == null || !path.startsWith("/")) {
            throw bad(
                    field,
                    "must be an absolute path, got "
                            + (path == null ? "nothing" : SpecLoader.quote(path)));
        }
    }

    private void uint32(String field, Long v) {
        if (v != null && (v < 0 || v > UINT32_MAX)) {
            throw bad(field, v + " is out of range (0 to " + UINT32_MAX + ")");
        }
    }

    private void uint64(String field, BigInteger v) {
        if (v.signum() < 0 || v.compareTo(UINT64_MAX) > 0) {
            throw bad(field, v + " is out of range (0 to " + UINT64_MAX + ")");
        }
    }

    /** Each name present; a name the kernel does not know is ignored (warned about once above). */
    private void caps(String field, List<String> caps) {
        for (int i = 0; i < caps.size(); i++) {
            notNull(field + "[" + i + "]", caps.get(i));
        }
    }
}
