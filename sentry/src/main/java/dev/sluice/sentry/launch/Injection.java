package dev.sluice.sentry.launch;

import java.nio.file.Path;
import java.util.List;

/**
 * What a sandbox gets on top of its root filesystem for its devices, as CDI edits ask (a GPU's
 * driver libraries and tools, which an image does not carry): host files bound read-only at their
 * paths in the root, symbolic links made in it, and the library directories whose ld cache the
 * host's {@code ldconfig} rebuilds there; and the view of the driver's /proc. Paths in the root are
 * already resolved inside it (no link of the image's in them). On a root of its own ({@code
 * --rootfs}) the root becomes an overlay whose writable layer lives and dies with the sandbox, so
 * that the image stays as it was.
 *
 * @param binds host files and directories bound read-only at paths in the root
 * @param links symbolic links made in the root
 * @param ldFolders directories of the root whose libraries the ld cache lists; empty: no ldconfig
 * @param proc the driver's /proc as the sandbox sees it
 */
public record Injection(List<Bind> binds, List<Link> links, List<String> ldFolders, ProcView proc) {
    /** Nothing injected. */
    public static final Injection NONE =
            new Injection(List.of(), List.of(), List.of(), ProcView.NONE);

    /** The host's ldconfig (Ubuntu's {@code /sbin/ldconfig} is a script around the first). */
    static final List<Path> LDCONFIG =
            List.of(Path.of("/sbin/ldconfig.real"), Path.of("/sbin/ldconfig"));

    /**
     * The host's ldconfig, the one program that builds an ld cache for an image's root (never the
     * image's own, which would run image code as the host's root): here, in the CDI hook {@code
     * sluice hook update-ldcache}, and where Sluice's spec reads the host's cache.
     *
     * @throws IllegalStateException when the host has none
     */
    public static Path hostLdconfig() {
        return LDCONFIG.stream()
                .filter(java.nio.file.Files::isExecutable)
                .findFirst()
                .orElseThrow(
                        () ->
                                new IllegalStateException(
                                        "the host has no ldconfig (" + LDCONFIG + ")"));
    }

    public Injection {
        binds = List.copyOf(binds);
        links = List.copyOf(links);
        ldFolders = List.copyOf(ldFolders);
        if (proc == null) {
            proc = ProcView.NONE;
        }
    }

    /** A host file or directory bound read-only at {@code path} in the root. */
    public record Bind(Path host, String path) {}

    /** A symbolic link at {@code path} in the root, to {@code target}. */
    public record Link(String target, String path) {}

    /** Whether the root itself changes (binds, links or an ld cache), so it needs an overlay. */
    public boolean changesRoot() {
        return !binds.isEmpty() || !links.isEmpty() || !ldFolders.isEmpty();
    }
}
