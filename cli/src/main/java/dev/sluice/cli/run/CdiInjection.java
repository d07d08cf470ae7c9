package dev.sluice.cli.run;

import dev.sluice.oci.cdi.CdiSpec;
import dev.sluice.oci.launch.ContainerPaths;
import dev.sluice.sentry.launch.Injection;
import dev.sluice.sentry.launch.ProcView;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * CDI edits made to a {@code sluice run} sandbox, which has no OCI config to edit: device nodes
 * become granted devices (at their host path), env entries are added, mounts become read-only binds
 * ({@link Injection}), and the hooks whose edits Sluice knows are made by Sluice itself: {@code
 * create-symlinks} and {@code update-ldcache} of its own {@code sluice hook} and of NVIDIA's {@code
 * nvidia-cdi-hook} / {@code nvidia-ctk hook}, and {@code disable-device-node-modification}, which
 * the driver's /proc view already does. Any other hook is refused, naming it: {@code sluice run}
 * runs no hook programs. On the host's own root nothing is bound or linked: the host's files are
 * already at their paths; a spec that would put a file elsewhere there is refused.
 *
 * <p>Paths in the root are resolved inside it ({@link ContainerPaths}), so a link in the image
 * cannot steer a bind or a link out of it.
 */
final class CdiInjection {
    private CdiInjection() {}

    /** What the edits give: the device nodes, the env entries, the injection and warnings. */
    record Result(
            List<Path> devices, List<String> env, Injection injection, List<String> warnings) {}

    static Result of(List<CdiSpec.ContainerEdits> edits, Path rootfs, ProcView proc) {
        List<Path> devices = new ArrayList<>();
        List<String> env = new ArrayList<>();
        List<Injection.Bind> binds = new ArrayList<>();
        List<Injection.Link> links = new ArrayList<>();
        Set<String> folders = new LinkedHashSet<>();
        List<String> warnings = new ArrayList<>();
        ContainerPaths view = rootfs == null ? null : new ContainerPaths(rootfs);
        for (CdiSpec.ContainerEdits e : edits) {
            for (CdiSpec.DeviceNode n : e.deviceNodes()) {
                if (!n.path().equals(n.host())) {
                    throw new IllegalArgumentException(
                            "CDI device node "
                                    + n.path()
                                    + " comes from "
                                    + n.host()
                                    + ": sluice run grants a device node at its host path");
                }
                Path p = Path.of(n.path());
                if (!devices.contains(p)) {
                    devices.add(p);
                }
            }
            env.addAll(e.env());
            for (CdiSpec.Mount m : e.mounts()) {
                if (view == null) {
                    if (!m.hostPath().equals(m.containerPath())) {
                        throw new IllegalArgumentException(
                                "CDI mount of "
                                        + m.hostPath()
                                        + " at "
                                        + m.containerPath()
                                        + ": on the host's root sluice run shows host files at their own path only; use --rootfs");
                    }
                    continue;
                }
                if (!Files.exists(Path.of(m.hostPath()))) {
                    throw new IllegalArgumentException(
                            "CDI mount: " + m.hostPath() + " does not exist on the host");
                }
                binds.add(
                        new Injection.Bind(Path.of(m.hostPath()), view.resolve(m.containerPath())));
            }
            for (CdiSpec.Hook h : e.hooks()) {
                hook(h, view, links, folders, warnings);
            }
            if (!e.additionalGids().isEmpty()) {
                warnings.add(
                        "CDI additionalGids "
                                + e.additionalGids()
                                + " are not applied: sluice run keeps the caller's groups");
            }
        }
        List<String> ld = view == null ? List.of() : new ArrayList<>(folders);
        return new Result(
                devices,
                env,
                new Injection(binds, view == null ? List.of() : links, ld, proc),
                warnings);
    }

    /** Makes the edits of a hook Sluice knows; refuses the rest. */
    private static void hook(
            CdiSpec.Hook h,
            ContainerPaths view,
            List<Injection.Link> links,
            Set<String> folders,
            List<String> warnings) {
        List<String> a = h.args();
        int at = 0;
        while (at < a.size() && !KNOWN.contains(a.get(at))) {
            at++;
        }
        String cmd = at < a.size() ? a.get(at) : "";
        Path program = Path.of(h.path()).getFileName();
        if (!h.hookName().equals("createContainer")
                || cmd.isEmpty()
                || program == null
                || !PROGRAMS.contains(program.toString())) {
            throw new IllegalArgumentException(
                    "CDI hook "
                            + h.hookName()
                            + " "
                            + String.join(" ", a.isEmpty() ? List.of(h.path()) : a)
                            + ": sluice run runs no hook programs and does not know this one's edits");
        }
        List<String> rest = a.subList(at + 1, a.size());
        switch (cmd) {
            case "create-symlinks" -> {
                for (String link : values(rest, "--link")) {
                    int sep = link.indexOf("::");
                    if (sep <= 0) {
                        throw new IllegalArgumentException(
                                "CDI hook create-symlinks: --link "
                                        + link
                                        + " is not TARGET::LINK");
                    }
                    if (view != null) {
                        Path linkPath = Path.of(link.substring(sep + 2));
                        String dir =
                                view.resolve(
                                        linkPath.getParent() == null
                                                ? "/"
                                                : linkPath.getParent().toString());
                        links.add(
                                new Injection.Link(
                                        link.substring(0, sep),
                                        (dir.equals("/") ? "" : dir)
                                                + "/"
                                                + linkPath.getFileName()));
                    }
                }
            }
            case "update-ldcache" -> {
                for (String f : values(rest, "--folder")) {
                    folders.add(view == null ? f : view.resolve(f));
                }
            }
            case "disable-device-node-modification" -> {
                // The /proc/driver/nvidia view already shows ModifyDeviceFiles: 0.
            }
            default ->
                    warnings.add(
                            "CDI hook " + cmd + " is not run by sluice run (" + h.path() + ")");
        }
    }

    /** The hook programs whose subcommands Sluice knows: its own, and NVIDIA's two names. */
    static final Set<String> PROGRAMS = Set.of("sluice", "nvidia-cdi-hook", "nvidia-ctk");

    /** The hook subcommands Sluice makes the edits of, or knows to skip. */
    static final Set<String> KNOWN =
            Set.of(
                    "create-symlinks",
                    "update-ldcache",
                    "disable-device-node-modification",
                    "enable-cuda-compat",
                    "chmod");

    /** Values of {@code flag} ({@code --flag V} or {@code --flag=V}) in {@code args}. */
    static List<String> values(List<String> args, String flag) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String s = args.get(i);
            if (s.equals(flag) && i + 1 < args.size()) {
                out.add(args.get(++i));
            } else if (s.startsWith(flag + "=")) {
                out.add(s.substring(flag.length() + 1));
            }
        }
        return out;
    }
}
