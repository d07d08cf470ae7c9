package dev.sluice.oci.launch;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a container in a user namespace of its own cannot have, refused before anything runs with
 * the field named, rather than left to fail (or, worse, to hang) inside: init runs as the
 * namespace's root, which is an ordinary host user with capabilities only over what the namespace
 * owns (user_namespaces(7)).
 *
 * <ul>
 *   <li>ids the maps leave out: the process's user and groups, a fifo's owner, a filesystem's
 *       {@code uid=}/{@code gid=} option (the kernel answers EINVAL for an unmapped id);
 *   <li>{@code proc}, {@code sysfs} and {@code mqueue} without the namespace they show (pid,
 *       network, ipc): the host's belong to the host's user namespace, and the kernel refuses to
 *       mount them from inside another (EPERM);
 *   <li>host paths that init must reach as that user: the rootfs and bind sources, every directory
 *       on the way searchable by the container's root on the host. Capabilities in the namespace
 *       only count for files whose owner and group it maps (capabilities(7), "Interaction with user
 *       namespaces"), so mode bits decide for the others.
 * </ul>
 */
final class UserNamespaceChecks {
    /**
     * A filesystem type that the kernel mounts in a user namespace only when the namespace it shows
     * is owned by it.
     */
    private static final Map<String, String> NEEDS_NAMESPACE =
            Map.of("proc", "pid", "sysfs", "network", "mqueue", "ipc");

    private final UserNamespace ns;
    private final String file;

    UserNamespaceChecks(UserNamespace ns, String file) {
        this.ns = ns;
        this.file = file;
    }

    private SpecException bad(String field, String problem) {
        return new SpecException(file, field, problem);
    }

    /**
     * The process's uid, gid and additional gids must be mapped ({@code prefix}: {@code "process."}
     * or {@code ""}).
     */
    void process(Spec.Process p, String prefix) {
        if (p.user() == null) {
            return;
        }
        uid(prefix + "user.uid", p.user().uid() == null ? 0 : p.user().uid());
        gid(prefix + "user.gid", p.user().gid() == null ? 0 : p.user().gid());
        List<Long> groups = p.user().additionalGids();
        for (int i = 0; i < groups.size(); i++) {
            gid(prefix + "user.additionalGids[" + i + "]", groups.get(i));
        }
    }

    private void uid(String field, long id) {
        if (!ns.mapsUid(id)) {
            throw bad(
                    field,
                    "uid "
                            + id
                            + " is not mapped in linux.uidMappings (the user namespace has no such user)");
        }
    }

    private void gid(String field, long id) {
        if (!ns.mapsGid(id)) {
            throw bad(
                    field,
                    "gid "
                            + id
                            + " is not mapped in linux.gidMappings (the user namespace has no such group)");
        }
    }

    /**
     * A fifo is made with mknod and chowned inside the namespace; device nodes are bound from the
     * host as they are.
     */
    void devices(List<Spec.Device> devices) {
        for (int i = 0; i < devices.size(); i++) {
            Spec.Device d = devices.get(i);
            if (d.type().equals("p")) {
                uid("linux.devices[" + i + "].uid", d.uid() == null ? 0 : d.uid());
                gid("linux.devices[" + i + "].gid", d.gid() == null ? 0 : d.gid());
            }
        }
    }

    /**
     * A mount of {@code type} (not a bind) at {@code field}, with {@code namespaces} the config's
     * namespace types.
     */
    void filesystem(String field, String type, MountOptions o, java.util.Set<String> namespaces) {
        String needs = NEEDS_NAMESPACE.get(type);
        if (needs != null && !namespaces.contains(needs)) {
            throw bad(
                    field + ".type",
                    "a "
                            + type
                            + " mount in a user namespace needs a "
                            + needs
                            + " namespace of the"
                            + " container's own (linux.namespaces has none): the kernel refuses the host's from inside");
        }
        String uid = o.dataValue("uid");
        if (uid != null) {
            uid(field + ".options", parseId(field + ".options", "uid", uid));
        }
        String gid = o.dataValue("gid");
        if (gid != null) {
            gid(field + ".options", parseId(field + ".options", "gid", gid));
        }
    }

    private long parseId(String field, String name, String value) {
        if (!value.matches("\\d{1,10}")) {
            throw bad(field, name + "=" + value + " is not a number");
        }
        return Long.parseLong(value);
    }

    /**
     * Every directory from {@code /} to {@code path} (and {@code path} itself when it is a
     * directory) must be searchable by the container's root on the host: init mounts it from inside
     * the namespace. Only for a namespace whose maps Sluice writes.
     */
    void reachable(String field, Path path) {
        if (ns.joined()) {
            return;
        }
        long uid = ns.hostUid(0);
        long gid = ns.hostGid(0);
        Path real;
        try {
            real = path.toRealPath();
        } catch (IOException e) {
            return; // the caller reports a missing path
        }
        Path dir = Files.isDirectory(real) ? real : real.getParent();
        for (Path d = dir; d != null; d = d.getParent()) {
            try {
                int mode = (Integer) Files.getAttribute(d, "unix:mode", LinkOption.NOFOLLOW_LINKS);
                int owner = (Integer) Files.getAttribute(d, "unix:uid", LinkOption.NOFOLLOW_LINKS);
                int group = (Integer) Files.getAttribute(d, "unix:gid", LinkOption.NOFOLLOW_LINKS);
                if (!searchable(
                        mode,
                        Integer.toUnsignedLong(owner),
                        Integer.toUnsignedLong(group),
                        uid,
                        gid)) {
                    throw bad(
                            field,
                            d
                                    + " (mode "
                                    + Integer.toOctalString(mode & 07777)
                                    + ", owner "
                                    + Integer.toUnsignedString(owner)
                                    + ":"
                                    + Integer.toUnsignedString(group)
                                    + ") is not searchable by the container's root, host uid "
                                    + uid
                                    + " gid "
                                    + gid
                                    + ", which mounts "
                                    + path
                                    + " from inside the user namespace");
                }
            } catch (IOException | UnsupportedOperationException e) {
                return; // not a POSIX file system: let the kernel decide
            }
        }
    }

    private boolean searchable(int mode, long owner, long group, long uid, long gid) {
        if (ns.mapsHostUid(owner) && ns.mapsHostGid(group)) {
            return true; // CAP_DAC_READ_SEARCH of the namespace applies
        }
        if (owner == uid) {
            return (mode & 0100) != 0;
        }
        if (group == gid) {
            return (mode & 0010) != 0;
        }
        return (mode & 0001) != 0;
    }
}
