package dev.sluice.oci.hooks;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

class NvidiaLegacyHookTest {
    /** What dockerd 20.10 writes for {@code docker run --gpus}, env and hooks only. */
    private static Spec docker(String visible, String hook) throws IOException {
        String env = visible == null ? "" : ", \"NVIDIA_VISIBLE_DEVICES=" + visible + "\"";
        return new ObjectMapper()
                .readValue(
                        """
                        {"process": {"args": ["sh"], "cwd": "/",
                                     "env": ["PATH=/bin", "NVIDIA_DRIVER_CAPABILITIES=compute,utility"%s]},
                         "hooks": {"prestart": [
                           {"path": "/usr/bin/true", "args": ["true"]},
                           {"path": "%s", "args": ["%s", "prestart"]}]}}
                        """
                                .formatted(env, hook, hook),
                        Spec.class);
    }

    @Test
    void theHookIsRefusedWhereItWouldGrantGpus() throws IOException {
        for (String visible : List.of("all", "0", "GPU-8c1ad0ad-7e0d", "none")) {
            SpecException e =
                    assertThrows(
                            SpecException.class,
                            () ->
                                    NvidiaLegacyHook.check(
                                            docker(
                                                    visible,
                                                    "/usr/bin/nvidia-container-runtime-hook"),
                                            "config.json"),
                            visible);
            assertEquals("hooks.prestart[1]", e.field(), e.getMessage());
            assertTrue(
                    e.getMessage().contains("NVIDIA_VISIBLE_DEVICES=" + visible)
                            && e.getMessage().contains("linux.devices"),
                    e.getMessage());
        }
        assertThrows(
                SpecException.class,
                () ->
                        NvidiaLegacyHook.check(
                                docker("all", "/usr/local/bin/nvidia-container-toolkit"),
                                "config.json"),
                "the hook's newer name");
    }

    @Test
    void whereItAsksForNothingItIsAcceptedAndNeverRun() throws IOException {
        for (String visible : new String[] {"void", "", null}) {
            Spec s = docker(visible, "/usr/bin/nvidia-container-runtime-hook");
            assertDoesNotThrow(() -> NvidiaLegacyHook.check(s, "config.json"), "" + visible);
            List<Spec.Hook> run =
                    new HookRunner(s, "c1", Path.of("/b"), Path.of("/w")).of("prestart");
            assertEquals(
                    List.of("/usr/bin/true"),
                    run.stream().map(Spec.Hook::path).toList(),
                    "the other hooks run; the toolkit's never does");
        }
    }
}
