package dev.sluice.oci.cdi.hooks;

import dev.sluice.oci.launch.ContainerPaths;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code create-symlinks} hook: creates symbolic links in a container's root filesystem, such
 * as a driver library's development link ({@code /usr/lib/x86_64-linux-gnu/libcuda.so ->
 * libcuda.so.1}) that CDI's bind mounts cannot make.
 *
 * <p>The hook runs as root on the host's view of the root filesystem, which is the image's: a
 * symbolic link in the image (say {@code /usr/lib/x86_64-linux-gnu -> /etc/cron.d} on the host's
 * terms) must not steer the new link outside the root. So each link's parent directory is resolved
 * inside the root as the container will see it ({@link ContainerPaths}: an absolute link target
 * starts again at the root, {@code ..} never climbs above it), and only then is the link created
 * there, in a directory that is the root's own.
 *
 * <p>What this does not cover: the image changing between the resolution and the link's creation
 * (the bundle is the caller's, as for the runtime's own mounts).
 */
public final class CreateSymlinks {
    /** One link to create: {@code link} (an absolute container path) pointing at {@code target}. */
    public record Link(String target, String link) {
        /**
         * Parses {@code TARGET::LINK}.
         *
         * @throws IllegalArgumentException naming what is wrong
         */
        public static Link parse(String s) {
            int sep = s.indexOf("::");
            if (sep <= 0 || sep + 2 >= s.length()) {
                throw new IllegalArgumentException(
                        "--link \"" + s + "\" is not TARGET::LINK (two colons between them)");
            }
            Link l = new Link(s.substring(0, sep), s.substring(sep + 2));
            if (!l.link.startsWith("/")) {
                throw new IllegalArgumentException(
                        "--link \"" + s + "\": the link " + l.link + " is not an absolute path");
            }
            String name = l.link.substring(l.link.lastIndexOf('/') + 1);
            if (name.isEmpty() || name.equals(".") || name.equals("..")) {
                throw new IllegalArgumentException(
                        "--link \"" + s + "\": the link " + l.link + " names no file");
            }
            return l;
        }
    }

    private CreateSymlinks() {}

    /**
     * Creates each link inside {@code root}. A link that already points at its target is left as it
     * is; anything else already at a link's path is left alone too.
     *
     * @return a warning for each link not made, naming what is there
     * @throws UncheckedIOException when a link or a directory cannot be created
     */
    public static List<String> apply(Path root, List<Link> links) {
        ContainerPaths view = new ContainerPaths(root);
        List<String> warnings = new ArrayList<>();
        for (Link l : links) {
            int slash = l.link().lastIndexOf('/');
            String parent = view.resolve(slash == 0 ? "/" : l.link().substring(0, slash));
            String name = l.link().substring(slash + 1);
            Path dir = view.host(parent);
            Path at = dir.resolve(name);
            String inside = (parent.equals("/") ? "" : parent) + "/" + name;
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "cannot link "
                                + l.link()
                                + ": cannot make its directory "
                                + parent
                                + " in the root: "
                                + e,
                        e);
            }
            try {
                Files.createSymbolicLink(at, Path.of(l.target()));
            } catch (FileAlreadyExistsException e) {
                if (!sameLink(at, l.target())) {
                    warnings.add(
                            "not linking "
                                    + l.link()
                                    + " to "
                                    + l.target()
                                    + ": the root already has "
                                    + describe(at)
                                    + " at "
                                    + inside);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "cannot link " + l.link() + " to " + l.target() + ": " + e.getMessage(), e);
            }
        }
        return warnings;
    }

    private static boolean sameLink(Path at, String target) {
        try {
            return Files.isSymbolicLink(at) && Files.readSymbolicLink(at).toString().equals(target);
        } catch (IOException e) {
            return false;
        }
    }

    private static String describe(Path at) {
        try {
            if (Files.isSymbolicLink(at)) {
                return "a link to " + Files.readSymbolicLink(at);
            }
        } catch (IOException e) {
            return "a link";
        }
        if (Files.isDirectory(at, LinkOption.NOFOLLOW_LINKS)) {
            return "a directory";
        }
        return Files.isRegularFile(at, LinkOption.NOFOLLOW_LINKS) ? "a file" : "a special file";
    }
}
