package dev.sluice.oci.hooks;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The NVIDIA container toolkit's legacy prestart hook, as {@code docker run --gpus} adds it
 * (dockerd puts {@code nvidia-container-runtime-hook prestart} in {@code hooks.prestart} and the
 * GPUs in {@code NVIDIA_VISIBLE_DEVICES}). Run as is, it has {@code nvidia-container-cli configure}
 * bind the host's GPU nodes into the root and allow them in the container's device cgroup: nodes no
 * proxy would see, so every ioctl on them would reach the driver unmediated. Sluice never runs it
 * ({@link HookRunner} leaves it out): create translates the GPUs it asks for into {@code
 * linux.devices} of Sluice's own CDI spec ({@code dev.sluice.oci.cdi.NvidiaLegacyRequest}, {@code
 * ContainerConfig}), where NVProxy mediates them, and drops the hook. {@link #check} remains as the
 * last line: a config that still asks for GPUs through the hook is refused.
 */
public final class NvidiaLegacyHook {
    /** The hook's names: the toolkit's, before and after its rename. */
    public static final Set<String> NAMES =
            Set.of("nvidia-container-runtime-hook", "nvidia-container-toolkit");

    private NvidiaLegacyHook() {}

    /** Whether {@code h} is the toolkit's legacy hook. */
    public static boolean is(Spec.Hook h) {
        Path name = Path.of(h.path()).getFileName();
        return name != null && NAMES.contains(name.toString());
    }

    /** Refuses the hook where it would grant GPUs; see the class comment. */
    public static void check(Spec spec, String file) {
        if (spec.hooks() == null) {
            return;
        }
        String visible = visibleDevices(spec);
        for (Map.Entry<String, List<Spec.Hook>> k : spec.hooks().byKind().entrySet()) {
            List<Spec.Hook> hooks = k.getValue();
            for (int i = 0; i < hooks.size(); i++) {
                if (is(hooks.get(i)) && !visible.isEmpty() && !visible.equals("void")) {
                    throw new SpecException(
                            file,
                            "hooks." + k.getKey() + "[" + i + "]",
                            hooks.get(i).path()
                                    + " (docker --gpus) would bind the host's GPU nodes for"
                                    + " NVIDIA_VISIBLE_DEVICES="
                                    + visible
                                    + " without NVProxy; sluice does not run it: give the GPUs"
                                    + " through linux.devices (a CDI spec: podman --device"
                                    + " nvidia.com/gpu=all, docker --device with CDI, containerd"
                                    + " enable_cdi) or use sluice run --gpus");
                }
            }
        }
    }

    /** {@code NVIDIA_VISIBLE_DEVICES} in the process's env, trimmed; empty when unset. */
    static String visibleDevices(Spec spec) {
        String v = "";
        if (spec.process() != null) {
            for (String e : spec.process().env()) {
                if (e.startsWith("NVIDIA_VISIBLE_DEVICES=")) {
                    v = e.substring("NVIDIA_VISIBLE_DEVICES=".length()).trim();
                }
            }
        }
        return v;
    }
}
