package dev.sluice.oci.launch;

import dev.sluice.oci.OciException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * Resolves paths inside the container as its mount namespace will show them while {@code
 * sluice-init} assembles it, so that no mount target, device node or directory the plan creates can
 * be steered outside the root filesystem by a symbolic link in the image.
 *
 * <p>The view is a stack of layers: the rootfs at {@code /}, then each mount of config.json in
 * order. A bind mount shows a host directory (whose links are followed, but kept inside that
 * directory); any other filesystem is fresh (tmpfs, proc, ...) and has no links of the image's. A
 * link is followed as the kernel would inside the container: an absolute target starts again at the
 * container's {@code /}, {@code ..} never climbs above it (the same rule as runc's securejoin). The
 * result is a link-free container path; the plan prefixes it with the staging directory.
 *
 * <p>What this does not cover: the image changing between this resolution and the mount (the bundle
 * is the caller's; runc had the same window before it moved to fd-based mounting).
 */
public final class ContainerPaths {
    static final int MAX_LINKS = 255;

    /**
     * A mount in the view: its container path; the host directory it shows (null: a fresh
     * filesystem, which has no links of the image's); and where the host shows the same content for
     * existence checks only (the host's /proc for a proc mount, /sys for sysfs), or null.
     */
    private record Layer(String destination, Path host, Path probe) {}

    private final List<Layer> layers = new ArrayList<>();

    /** A view with just the root filesystem at {@code /}. */
    public ContainerPaths(Path rootfs) {
        layers.add(new Layer("/", rootfs, rootfs));
    }

    /**
     * Adds a bind mount of {@code host} at the (already resolved) container path {@code
     * destination}.
     */
    public void bind(String destination, Path host) {
        layers.add(new Layer(destination, host, host));
    }

    /**
     * Adds a fresh filesystem (tmpfs, proc, ...) at the (already resolved) {@code destination};
     * {@code probe} is a host directory with the same content (the host's /proc for proc), or null.
     */
    public void fresh(String destination, Path probe) {
        layers.add(new Layer(destination, null, probe));
    }

    /**
     * The host file a (link-free) container path shows now, or null when it is on a fresh
     * filesystem.
     */
    public Path host(String containerPath) {
        Layer l = top(containerPath);
        return l == null ? null : under(l.host, l, containerPath);
    }

    /** The path to check for existence: the host file, or its equivalent for proc and sysfs. */
    private Path probe(String containerPath) {
        Layer l = top(containerPath);
        return l == null ? null : under(l.probe, l, containerPath);
    }

    /** The topmost layer that covers the path: later mounts hide earlier ones. */
    private Layer top(String containerPath) {
        Layer best = null;
        for (Layer l : layers) {
            if (covers(l.destination, containerPath)) {
                best = l;
            }
        }
        return best;
    }

    private static Path under(Path base, Layer l, String containerPath) {
        if (base == null) {
            return null;
        }
        String rest =
                containerPath.substring(l.destination.equals("/") ? 0 : l.destination.length());
        while (rest.startsWith("/")) {
            rest = rest.substring(1);
        }
        return rest.isEmpty() ? base : base.resolve(rest);
    }

    private static boolean covers(String dest, String path) {
        return dest.equals("/") || path.equals(dest) || path.startsWith(dest + "/");
    }

    /** {@code path} (absolute or relative to /) with every link resolved inside the container. */
    public String resolve(String path) {
        Deque<String> todo = new ArrayDeque<>(split(path));
        Deque<String> done = new ArrayDeque<>();
        int links = 0;
        while (!todo.isEmpty()) {
            String c = todo.pollFirst();
            if (c.isEmpty() || c.equals(".")) {
                continue;
            }
            if (c.equals("..")) {
                done.pollLast();
                continue;
            }
            String next = join(done) + (done.isEmpty() ? "" : "/") + c;
            next = next.startsWith("/") ? next : "/" + next;
            Path host = host(next);
            if (host != null && Files.isSymbolicLink(host)) {
                if (++links > MAX_LINKS) {
                    throw new OciException(
                            "too many levels of symbolic links resolving "
                                    + path
                                    + " in the container");
                }
                String target;
                try {
                    target = Files.readSymbolicLink(host).toString();
                } catch (IOException e) {
                    throw new OciException(
                            "cannot read the link " + host + ": " + e.getMessage(), e);
                }
                List<String> parts = split(target);
                for (int i = parts.size() - 1; i >= 0; i--) {
                    todo.addFirst(parts.get(i));
                }
                if (target.startsWith("/")) {
                    done.clear();
                }
                continue;
            }
            done.addLast(c);
        }
        return "/" + join(done);
    }

    /**
     * Whether the (resolved) container path is a directory in the view (on a fresh filesystem:
     * false).
     */
    public boolean isDirectory(String resolved) {
        Path h = probe(resolved);
        return h != null && Files.isDirectory(h, LinkOption.NOFOLLOW_LINKS);
    }

    /** Whether the (resolved) container path exists in the view (on a fresh filesystem: false). */
    public boolean exists(String resolved) {
        Path h = probe(resolved);
        return h != null && Files.exists(h, LinkOption.NOFOLLOW_LINKS);
    }

    private static List<String> split(String p) {
        return new ArrayList<>(Arrays.asList(p.split("/")));
    }

    private static String join(Deque<String> parts) {
        return String.join("/", parts);
    }
}
