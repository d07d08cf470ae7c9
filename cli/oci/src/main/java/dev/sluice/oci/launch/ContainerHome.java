package dev.sluice.oci.launch;

import dev.sluice.oci.spec.Spec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code HOME} for a process whose environment has none, as runc sets it: the home directory of its
 * uid in the container's {@code /etc/passwd}, else {@code /}. The file is found through the
 * container's view ({@link ContainerPaths}), so a link in the image cannot make Sluice read a file
 * of the host's, and at most {@value #MAX_BYTES} bytes of it are read.
 */
final class ContainerHome {
    static final int MAX_BYTES = 1 << 20;

    private ContainerHome() {}

    /** The {@code HOME=...} entry {@code process} needs, or null when its env already has one. */
    static String entry(Spec.Process process, ContainerPaths view) {
        if (process.env().stream().anyMatch(e -> e.startsWith("HOME="))) {
            return null;
        }
        Spec.User u = process.user();
        long uid = u == null || u.uid() == null ? 0 : u.uid();
        return "HOME=" + of(view, uid);
    }

    /** The home of {@code uid} in the view's /etc/passwd, or {@code /}. */
    static String of(ContainerPaths view, long uid) {
        Path passwd;
        try {
            passwd = view.host(view.resolve("/etc/passwd"));
        } catch (RuntimeException e) {
            return "/"; // a link loop in the image: no passwd to read, as with none at all
        }
        if (passwd == null || !Files.isRegularFile(passwd, LinkOption.NOFOLLOW_LINKS)) {
            return "/";
        }
        String text;
        try (InputStream in = Files.newInputStream(passwd, LinkOption.NOFOLLOW_LINKS)) {
            text = new String(in.readNBytes(MAX_BYTES), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "/";
        }
        String id = Long.toString(uid);
        for (String line : text.split("\n")) {
            List<String> f = List.of(line.split(":", -1));
            if (f.size() >= 7 && f.get(2).equals(id) && !f.get(5).isEmpty()) {
                return f.get(5);
            }
        }
        return "/";
    }
}
