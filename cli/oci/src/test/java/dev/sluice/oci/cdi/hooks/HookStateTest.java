package dev.sluice.oci.cdi.hooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

class HookStateTest {
    @TempDir Path bundle;

    static ByteArrayInputStream stdin(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    String state() {
        return "{\"ociVersion\":\"1.2.0\",\"id\":\"c1\",\"status\":\"creating\",\"pid\":42,"
                + "\"bundle\":\""
                + bundle
                + "\",\"annotations\":{}}";
    }

    @Test
    void aRelativeRootIsTheBundlesAndTheRestOfTheConfigIsNotRead() throws IOException {
        Files.createDirectories(bundle.resolve("rootfs"));
        Files.writeString(
                bundle.resolve("config.json"),
                "{\"ociVersion\":\"9\",\"root\":{\"path\":\"rootfs\"},\"process\":\"not checked\"}");
        assertEquals(bundle.resolve("rootfs"), HookState.root(stdin(state())));
    }

    @Test
    void anAbsoluteRootIsTakenAsIs() throws IOException {
        Path root = Files.createDirectories(bundle.resolve("elsewhere/r"));
        Files.writeString(bundle.resolve("config.json"), "{\"root\":{\"path\":\"" + root + "\"}}");
        assertEquals(root, HookState.root(stdin(state())));
    }

    @Test
    void stdinThatIsNoStateIsOneLine() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> HookState.root(stdin("hello")));
        assertEquals(
                true,
                e.getMessage().startsWith("stdin is not the container's state JSON: "),
                e.getMessage());
        assertEquals(
                "the container state on stdin has no absolute \"bundle\" (null)",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> HookState.root(stdin("{\"id\":\"c1\"}")))
                        .getMessage());
    }

    @Test
    void aBundleWithoutConfigIsNamed() {
        assertEquals(
                "bundle " + bundle + " has no config.json",
                assertThrows(IllegalArgumentException.class, () -> HookState.root(stdin(state())))
                        .getMessage());
    }
}
