package dev.sluice.sentry.launch;

import static dev.sluice.sentry.launch.LinuxConstants.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A directory of the sandbox's /proc shown with some of the host's entries left out or replaced: a
 * read-only tmpfs over {@code /proc/<dir>} with each host entry bound back, except that a {@code
 * filtered} directory shows only the named entries of its own, and a {@code files} entry reads the
 * given text. A driver's /proc is global, not of a pid namespace: {@code /proc/driver/nvidia} lists
 * every GPU of the host, and its {@code params} tell the CUDA library it may create device nodes.
 * The proxies' knowledge of what to show is theirs; this is the mechanism both plan compilers use.
 *
 * @param dir the directory under /proc ({@code driver/nvidia}); null: nothing to show
 * @param filtered a subdirectory's name to the entries of it that stay visible
 * @param files an entry's name to the text it reads instead of the host's
 */
public record ProcView(String dir, Map<String, Set<String>> filtered, Map<String, String> files) {
    /** No view: /proc as the kernel shows it. */
    public static final ProcView NONE = new ProcView(null, Map.of(), Map.of());

    public ProcView {
        filtered = Map.copyOf(filtered);
        files = Map.copyOf(files);
    }

    /**
     * Adds the ops that show the view at {@code procTarget}/{@code dir}, where {@code procTarget}
     * is the sandbox's /proc mount as init sees it before pivot_root; the host's entries are read
     * (now) and bound (then) from {@code hostProc}, the host's /proc, which shows the same driver
     * files. Nothing when the host has no such directory.
     */
    public void apply(LaunchPlan.Builder b, String procTarget, Path hostProc) {
        if (dir == null) {
            return;
        }
        Path host = hostProc.resolve(dir);
        if (!Files.isDirectory(host, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        String target = procTarget + "/" + dir;
        b.mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=555,size=64k");
        for (Path e : list(host)) {
            String name = e.getFileName().toString();
            String t = target + "/" + name;
            if (files.containsKey(name)) {
                b.touch(t, 0444);
                b.writeFile(t, files.get(name));
            } else if (filtered.containsKey(name)) {
                b.mkdir(t, 0555);
                for (Path k : list(e)) {
                    if (filtered.get(name).contains(k.getFileName().toString())) {
                        bind(b, k, t + "/" + k.getFileName());
                    }
                }
            } else {
                bind(b, e, t);
            }
        }
        b.mountSetattr(target, MOUNT_ATTR_RDONLY, 0, true);
    }

    private static void bind(LaunchPlan.Builder b, Path host, String target) {
        if (Files.isDirectory(host, LinkOption.NOFOLLOW_LINKS)) {
            b.mkdir(target, 0555);
        } else if (Files.isRegularFile(host, LinkOption.NOFOLLOW_LINKS)) {
            b.touch(target, 0444);
        } else {
            return; // a link or something else: not shown
        }
        b.mount(host.toString(), target, null, MS_BIND | MS_REC, null);
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            return List.of(); // a driver going away while we look: nothing to show
        }
    }
}
