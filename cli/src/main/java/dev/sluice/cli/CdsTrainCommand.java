package dev.sluice.cli;

import dev.sluice.oci.OciNative;
import dev.sluice.oci.launch.OciPlanCompiler;
import dev.sluice.oci.launch.OciSpecChecks;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecLoader;
import dev.sluice.oci.state.StateStore;

import picocli.CommandLine.Command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code sluice cds-train} (hidden): runs, in one JVM and without root, the code paths the short
 * runc-compatible commands take (spec, config loading and checking, state, list, features, the OCI
 * error log, the proxy tables) and a container sentry's part of create (a spare sentry's
 * rehearsal), so that the class-data archive the build makes from this run ({@code
 * bin/lib/sluice.jsa}, AppCDS) holds their classes. Jackson alone is some 380 classes a {@code
 * sluice state} would otherwise load and verify from the jar. The build lists the classes this run
 * loads and dumps a static archive of them: picocli's jar targets Java 5, and JDK 17 archives such
 * classes only in a static archive, not in a dynamic one ({@code -XX:ArchiveClassesAtExit}).
 * Everything happens in a temporary directory that is removed afterwards.
 */
@Command(
        name = "cds-train",
        hidden = true,
        description = "Exercise the OCI command paths for the class-data archive.")
final class CdsTrainCommand implements Callable<Integer> {
    @Override
    public Integer call() throws IOException {
        Path work = Files.createTempDirectory("sluice-cds-train");
        try {
            Path bundle = work.resolve("bundle");
            Path root = work.resolve("root");
            Path sh = Files.createDirectories(bundle.resolve("rootfs/bin")).resolve("sh");
            Files.writeString(sh, "#!/bin/sh\n");
            sh.toFile().setExecutable(true);
            Main.execute("spec", "--bundle", bundle.toString());
            Path config = bundle.resolve("config.json");
            Files.writeString(
                    config,
                    Files.readString(config)
                            .replaceFirst("\"terminal\"\\s*:\\s*true", "\"terminal\": false"));
            Spec spec = SpecLoader.load(bundle);
            String file = config.toString();
            OciSpecChecks.check(spec, file, bundle); // what create checks
            OciPlanCompiler.compile(spec, file, bundle, List.of()); // what its bring-up compiles
            Path dir = new StateStore(root).dir("train");
            Files.createDirectories(dir);
            Files.writeString(
                    dir.resolve("state.json"), "{\"ociVersion\":\"1.0.2-dev\",\"id\":\"train\"}");
            Main.execute("--root", root.toString(), "state", "train");
            Main.execute("--root", root.toString(), "list", "--format", "json");
            Main.execute(
                    "--root",
                    root.toString(),
                    "--log",
                    work.resolve("log").toString(),
                    "--log-format",
                    "json",
                    "state",
                    "absent");
            Main.execute("--root", root.toString(), "kill", "absent", "KILL");
            Main.execute("--root", root.toString(), "delete", "--force", "absent");
            Main.execute("features");
            Main.execute("ioctls");
            // A container's sentry (a spare's rehearsal is its part of create): its classes are
            // loaded once per container with proxies, by a JVM of its own.
            Path init = Installation.libexec().resolve("sluice-init");
            dev.sluice.oci.daemon.SpareSentry.warmUp(
                    Files.isExecutable(init) ? init : null, Installation::proxies);
            // The native bindings: jnr-ffi's own classes (the bindings it generates cannot be
            // archived).
            int[] pipe = OciNative.pipe();
            OciNative.isOpen(pipe[0]);
            OciNative.close(pipe[0]);
            OciNative.close(pipe[1]);
            OciNative.close(OciNative.pidfdOpen((int) ProcessHandle.current().pid()));
            OciNative.posix().getpid();
            // Every class of the product, loaded (not initialized): what runs only in a real
            // sandbox (a container's bring-up in its sentry, the notification loop, the
            // dispatcher, the proxies' handlers) would otherwise be read and verified from the
            // jar by each sentry (70 classes of a spare's hand-off, before this).
            Path classes = Installation.codeSource();
            if (classes != null) {
                loadAll(classes, "dev/sluice/", CdsTrainCommand.class.getClassLoader());
            }
            return 0;
        } finally {
            try (Stream<Path> walk = Files.walk(work)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /**
     * Loads, without initializing, every class under {@code prefix} (a package path such as {@code
     * dev/sluice/}) of {@code codeSource}, a jar or a directory of classes. A class that cannot be
     * loaded (one of an optional dependency's users) is skipped. Returns how many were loaded.
     */
    static int loadAll(Path codeSource, String prefix, ClassLoader loader) throws IOException {
        List<String> names = new java.util.ArrayList<>();
        if (Files.isDirectory(codeSource)) {
            Path top = codeSource.resolve(prefix);
            if (Files.isDirectory(top)) {
                try (Stream<Path> walk = Files.walk(top)) {
                    walk.map(p -> codeSource.relativize(p).toString()).forEach(names::add);
                }
            }
        } else {
            try (java.util.jar.JarFile jar = new java.util.jar.JarFile(codeSource.toFile())) {
                jar.stream().map(java.util.jar.JarEntry::getName).forEach(names::add);
            }
        }
        int loaded = 0;
        for (String n : names) {
            if (!n.startsWith(prefix) || !n.endsWith(".class") || n.endsWith("module-info.class")) {
                continue;
            }
            String cls = n.substring(0, n.length() - ".class".length()).replace('/', '.');
            try {
                Class.forName(cls, false, loader);
                loaded++;
            } catch (ClassNotFoundException | LinkageError e) {
                // not on this loader's path, or needs what is absent: not archived
            }
        }
        return loaded;
    }
}
