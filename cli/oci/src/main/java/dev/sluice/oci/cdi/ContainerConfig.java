package dev.sluice.oci.cdi;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.oci.OciException;
import dev.sluice.oci.hooks.NvidiaLegacyHook;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.oci.spec.SpecLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The config a container runs with: the bundle's {@code config.json}, or, where it is in the shape
 * {@code docker run --gpus} gives ({@link NvidiaLegacyRequest}), that config with the request's CDI
 * edits made from Sluice's own CDI spec of the host. create decides once and keeps the edited
 * config in the container's state directory ({@value #EFFECTIVE}); the sentry, start, exec and
 * delete read it from there, so that every step sees the same devices and mounts even if the host's
 * driver files change meanwhile. The bundle itself is the engine's and is never written.
 */
public final class ContainerConfig {
    /** The edited config's file in the state directory. */
    public static final String EFFECTIVE = "config.effective.json";

    /** create's config, and the edited bytes to keep (null: the bundle's config as it is). */
    public record AtCreate(Spec spec, byte[] edited, List<String> warnings) {}

    private ContainerConfig() {}

    /**
     * The config create runs with: the bundle's, with a legacy GPU request's edits made from {@code
     * hostGpus} (Sluice's CDI spec of the host; asked only when there is such a request).
     */
    public static AtCreate atCreate(Path bundle, Supplier<CdiSpec> hostGpus) {
        return atCreate(bundle, hostGpus, Path.of("/sys"));
    }

    /**
     * As above, with the host's sysfs at {@code sys}, where a DRM node's driver is read: NVIDIA's
     * DRM nodes are left out of every config ({@link NvidiaDrmNodes}).
     */
    public static AtCreate atCreate(Path bundle, Supplier<CdiSpec> hostGpus, Path sys) {
        String file = bundle.resolve("config.json").toString();
        Spec spec = SpecLoader.load(bundle);
        Optional<NvidiaLegacyRequest> r = NvidiaLegacyRequest.of(spec, file);
        if (r.isEmpty()) {
            boolean drm =
                    spec.linux() != null
                            && spec.linux().devices().stream()
                                    .anyMatch(
                                            d ->
                                                    "c".equals(d.type())
                                                            && d.major() != null
                                                            && d.minor() != null
                                                            && NvidiaDrmNodes.isNvidia(
                                                                    d.major(), d.minor(), sys));
            if (!drm) {
                return new AtCreate(spec, null, List.of());
            }
            ObjectNode tree = SpecLoader.tree(bundle);
            List<String> dropped = NvidiaDrmNodes.drop(tree, sys);
            byte[] bytes = SpecLoader.bytes(tree);
            return new AtCreate(
                    SpecLoader.parseValid(bytes, file + " (without NVIDIA DRM nodes)"),
                    bytes,
                    dropped);
        }
        NvidiaLegacyRequest req = r.get();
        CdiSpec host;
        List<CdiSpec.ContainerEdits> edits;
        try {
            host = hostGpus.get();
            edits =
                    req.devices().isEmpty()
                            ? List.of(host.containerEdits())
                            : CdiRegistry.of(host).resolve(req.devices());
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new SpecException(
                    file,
                    "process.env NVIDIA_VISIBLE_DEVICES",
                    "the GPUs docker --gpus asked for cannot be given: " + e.getMessage());
        }
        ObjectNode tree = SpecLoader.tree(bundle);
        try {
            OciEdits.apply(tree, edits);
        } catch (IllegalArgumentException e) {
            throw new SpecException(file, "process.env NVIDIA_VISIBLE_DEVICES", e.getMessage());
        }
        tree.with("annotations").put(NvidiaLegacyRequest.CAPS_ANNOTATION, req.capabilities());
        // The request is met: the toolkit's hook is dropped, and its variable says so to any
        // toolkit in the image, as a CDI spec's edits say it.
        dropLegacyHooks(tree);
        OciEdits.env(tree, "NVIDIA_VISIBLE_DEVICES=void");
        List<String> warnings = new ArrayList<>(req.warnings());
        warnings.addAll(NvidiaDrmNodes.drop(tree, sys));
        byte[] bytes = SpecLoader.bytes(tree);
        String edited = file + " (with the NVIDIA_VISIBLE_DEVICES GPUs)";
        return new AtCreate(SpecLoader.parseValid(bytes, edited), bytes, warnings);
    }

    private static void dropLegacyHooks(ObjectNode tree) {
        if (!(tree.get("hooks") instanceof ObjectNode hooks)) {
            return;
        }
        hooks.fields()
                .forEachRemaining(
                        k -> {
                            if (k.getValue()
                                    instanceof com.fasterxml.jackson.databind.node.ArrayNode a) {
                                for (int i = a.size() - 1; i >= 0; i--) {
                                    String name =
                                            Path.of(a.get(i).path("path").asText("/")).getFileName()
                                                    + "";
                                    if (NvidiaLegacyHook.NAMES.contains(name)) {
                                        a.remove(i);
                                    }
                                }
                            }
                        });
    }

    /** Keeps create's edited config in {@code stateDir}, when there is one. */
    public static void keep(AtCreate c, Path stateDir) {
        if (c.edited() == null) {
            return;
        }
        Path tmp = stateDir.resolve(EFFECTIVE + ".tmp");
        try {
            Files.write(tmp, c.edited());
            Files.move(tmp, stateDir.resolve(EFFECTIVE), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new OciException(
                    "cannot keep the edited config in " + stateDir + ": " + e.getMessage(), e);
        }
    }

    /** The config container's steps after create read: the kept edited one, else the bundle's. */
    public static Spec load(Path bundle, Path stateDir) {
        Path kept = stateDir.resolve(EFFECTIVE);
        if (!Files.isRegularFile(kept)) {
            return SpecLoader.load(bundle);
        }
        try {
            return SpecLoader.parseValid(Files.readAllBytes(kept), kept.toString());
        } catch (IOException e) {
            throw new OciException("cannot read " + kept + ": " + e.getMessage(), e);
        }
    }
}
