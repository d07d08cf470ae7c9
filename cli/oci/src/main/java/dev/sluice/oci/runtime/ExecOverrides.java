package dev.sluice.oci.runtime;

import dev.sluice.oci.OciException;
import dev.sluice.oci.spec.KernelNames;
import dev.sluice.oci.spec.Spec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code sluice exec}'s flags say about the process when no {@code --process} file is given:
 * the container's own {@code process} from config.json with the command and these changes, as runc
 * builds it. Every bad value is refused naming its flag.
 *
 * @param args the command and its arguments (required)
 * @param cwd {@code --cwd}, absolute, or null for the config's
 * @param env {@code --env NAME=VALUE}: replaces the config's NAME, or is added
 * @param tty {@code --tty}: the process gets a terminal
 * @param user {@code --user UID[:GID]}, numeric, or null for the config's
 * @param additionalGids {@code --additional-gids}, or null for the config's
 * @param caps {@code --cap NAME}: added to the config's capabilities
 * @param noNewPrivs {@code --no-new-privs}: set no_new_privs even if the config does not
 */
public record ExecOverrides(
        List<String> args,
        String cwd,
        List<String> env,
        boolean tty,
        String user,
        List<Long> additionalGids,
        List<String> caps,
        boolean noNewPrivs) {
    public ExecOverrides {
        args = args == null ? List.of() : List.copyOf(args);
        env = env == null ? List.of() : List.copyOf(env);
        caps = caps == null ? List.of() : List.copyOf(caps);
        additionalGids = additionalGids == null ? null : List.copyOf(additionalGids);
    }

    /**
     * Whether any flag beyond the command and {@code --tty} was given: they cannot be combined with
     * {@code --process}. {@code --tty} can, where the file asks for a terminal too (conmon passes
     * both).
     */
    public boolean anyBeyondTty() {
        return cwd != null
                || !env.isEmpty()
                || user != null
                || additionalGids != null
                || !caps.isEmpty()
                || noNewPrivs;
    }

    /** {@code base} (the config's process) with the command and these changes. */
    public Spec.Process apply(Spec.Process base) {
        if (args.isEmpty() || args.get(0).isEmpty()) {
            throw new OciException(
                    "exec: no command: give CMD [ARGS...] after the container id, or --process FILE");
        }
        if (cwd != null && !cwd.startsWith("/")) {
            throw new OciException("--cwd " + cwd + ": must be an absolute path");
        }
        Map<String, String> vars = new LinkedHashMap<>();
        for (String e : base.env()) {
            vars.put(name(e), e);
        }
        for (String e : env) {
            if (e.indexOf('=') <= 0) {
                throw new OciException("--env " + e + ": expected NAME=VALUE");
            }
            vars.put(name(e), e);
        }
        Spec.User u =
                base.user() == null ? new Spec.User(0L, 0L, null, List.of(), null) : base.user();
        if (user != null) {
            String[] ids = user.split(":", -1);
            if (ids.length > 2) {
                throw new OciException("--user " + user + ": expected UID[:GID] (numeric)");
            }
            u =
                    new Spec.User(
                            id("--user " + user, ids[0]),
                            ids.length == 2 ? id("--user " + user, ids[1]) : u.gid(),
                            u.umask(),
                            u.additionalGids(),
                            null);
        }
        if (additionalGids != null) {
            for (Long g : additionalGids) {
                if (g == null || g < 0 || g > 0xffffffffL) {
                    throw new OciException(
                            "--additional-gids " + g + ": not a group id (0 to 4294967295)");
                }
            }
            u = new Spec.User(u.uid(), u.gid(), u.umask(), additionalGids, null);
        }
        Spec.Capabilities c = base.capabilities();
        if (!caps.isEmpty()) {
            for (String cap : caps) {
                if (KernelNames.capability(cap) < 0) {
                    throw new OciException(
                            "--cap " + cap + ": unknown capability (e.g. CAP_NET_ADMIN)");
                }
            }
            c =
                    c == null
                            ? new Spec.Capabilities(caps, caps, List.of(), caps, List.of())
                            : new Spec.Capabilities(
                                    plus(c.bounding()),
                                    plus(c.effective()),
                                    c.inheritable(),
                                    plus(c.permitted()),
                                    c.ambient());
        }
        return new Spec.Process(
                tty,
                tty ? base.consoleSize() : null,
                u,
                args,
                null,
                new ArrayList<>(vars.values()),
                cwd != null ? cwd : base.cwd(),
                c,
                base.rlimits(),
                noNewPrivs || base.isNoNewPrivileges(),
                base.apparmorProfile(),
                base.oomScoreAdj(),
                base.selinuxLabel(),
                base.ioPriority(),
                base.scheduler());
    }

    private List<String> plus(List<String> set) {
        List<String> out = new ArrayList<>(set);
        caps.stream().filter(x -> !out.contains(x)).forEach(out::add);
        return out;
    }

    private static String name(String e) {
        int eq = e.indexOf('=');
        return eq < 0 ? e : e.substring(0, eq);
    }

    private static long id(String flag, String s) {
        try {
            long v = Long.parseLong(s);
            if (v >= 0 && v <= 0xffffffffL && s.matches("[0-9]+")) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new OciException(
                flag
                        + ": expected UID[:GID] (numeric: sluice does not read the container's /etc/passwd)");
    }
}
