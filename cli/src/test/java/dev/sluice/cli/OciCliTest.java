package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.sluice.oci.OciException;
import dev.sluice.oci.state.ContainerState;
import dev.sluice.oci.state.StateStore;
import dev.sluice.sentry.launch.HostProcess;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The runc-compatible command line, in process: grammar, global options in both forms, the --log
 * error lines, spec, features, and the errors that need no container to exist.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OciCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @RegisterExtension final CapturedStdio stdio = new CapturedStdio();

    @TempDir Path tmp;

    private String out() {
        return stdio.out();
    }

    private String err() {
        return stdio.err();
    }

    private static boolean oci(String... args) {
        return OciGrammar.isOciRun(
                Arrays.asList(args), Main.commandLine(new Main()).getCommandSpec());
    }

    @Test
    void whichRunIsMeant() {
        assertFalse(oci("run", "--", "true"), "sluice run -- CMD: the sandbox");
        assertFalse(oci("run", "ls", "-la"), "sluice run CMD ARGS: the sandbox");
        assertFalse(
                oci("run", "--rootfs", "/srv/r", "--net", "none", "sh", "--bundle"),
                "options after CMD belong to CMD");
        assertFalse(
                oci("--log-level", "debug", "run", "-e", "A=1", "true"),
                "sluice's own global option");
        assertTrue(oci("--root", "/r", "run", "c1"), "a runc global option before run");
        assertTrue(oci("--root=/r", "run", "c1"), "in the --flag=value form too");
        assertTrue(
                oci("--log", "/l", "--log-format", "json", "run", "-b", "/b", "c1"),
                "containerd's form");
        assertTrue(oci("run", "-b", "/b", "c1"), "-b selects runc's run");
        assertTrue(oci("run", "--bundle=/b", "c1"), "--bundle=B too");
        assertTrue(oci("run", "-d", "c1"), "--detach is runc's");
        assertTrue(oci("run", "--pid-file", "/p", "c1"), "--pid-file is runc's");
        assertFalse(oci("create", "c1"), "not run at all");
    }

    @Test
    void versionIsRuncShaped() {
        assertEquals(0, Main.execute("--version"), "--version exits 0");
        assertTrue(out().startsWith("sluice version "), out());
        assertTrue(out().contains("\nspec: 1."), "the spec line: " + out());
    }

    @Test
    void errorsGoToTheJsonLogAndExitOne() throws IOException {
        Path log = tmp.resolve("log.json");
        int rc =
                Main.execute(
                        "--root",
                        tmp.resolve("root").toString(),
                        "--log",
                        log.toString(),
                        "--log-format",
                        "json",
                        "state",
                        "nope");
        assertEquals(1, rc, "runc's exit status for a failure");
        List<String> lines = Files.readAllLines(log);
        assertEquals(1, lines.size(), "one line: " + lines);
        JsonNode l = JSON.readTree(lines.get(0));
        assertEquals("error", l.get("level").asText(), "level");
        assertEquals("container \"nope\" does not exist", l.get("msg").asText(), "msg");
        Instant.parse(l.get("time").asText());
        assertTrue(
                err().contains("sluice: container \"nope\" does not exist"),
                "and on stderr: " + err());
    }

    @Test
    void flagEqualsValueAndTextFormat() throws IOException {
        Path log = tmp.resolve("log.txt");
        int rc =
                Main.execute(
                        "--root=" + tmp.resolve("root"),
                        "--log=" + log,
                        "--log-format=text",
                        "kill",
                        "nope",
                        "KILL");
        assertEquals(1, rc, "kill of an unknown container fails");
        String line = Files.readString(log).trim();
        assertTrue(
                line.matches(
                        "time=\"[^\"]+\" level=error msg=\"container \\\\\"nope\\\\\" does not exist\""),
                "logrus text format: " + line);
    }

    @Test
    void usageErrorsOfOciCommandsAreLoggedToo() throws IOException {
        Path log = tmp.resolve("log.json");
        int rc = Main.execute("--log", log.toString(), "--log-format", "json", "start");
        assertEquals(1, rc, "a missing ID is a failure of the runc kind, exit 1");
        assertTrue(
                JSON.readTree(Files.readAllLines(log).get(0)).get("msg").asText().contains("ID"),
                "names the missing ID");
    }

    @Test
    void badLogFormatIsRefused() {
        assertTrue(Main.execute("--log-format", "xml", "list") != 0, "xml is no log format");
        assertTrue(err().contains("xml"), "names it: " + err());
    }

    @Test
    void specWritesRuncsDefaultOnce() throws IOException {
        Path b = Files.createDirectories(tmp.resolve("bundle"));
        assertEquals(0, Main.execute("spec", "--bundle", b.toString()), "spec exits 0");
        JsonNode c = JSON.readTree(b.resolve("config.json").toFile());
        assertEquals("sh", c.get("process").get("args").get(0).asText(), "runc's default command");
        assertTrue(c.get("root").get("readonly").asBoolean(), "read-only root");
        assertEquals(
                1, Main.execute("spec", "-b", b.toString()), "a second spec does not overwrite");
        assertTrue(err().contains("exists. Remove it first"), "runc's message: " + err());
        assertEquals(
                1, Main.execute("spec", "--rootless", "-b", tmp.toString()), "rootless is refused");
    }

    @Test
    void featuresAreHonest() throws IOException {
        assertEquals(0, Main.execute("features"), "features exits 0");
        JsonNode f = JSON.readTree(out());
        assertEquals("1.0.0", f.get("ociVersionMin").asText(), "min version");
        assertEquals(6, f.get("hooks").size(), "every hook kind: " + f.get("hooks"));
        assertTrue(f.get("linux").get("seccomp").get("enabled").asBoolean(), "seccomp profiles");
        assertTrue(
                f.get("linux").get("seccomp").get("actions").toString().contains("SCMP_ACT_NOTIFY"),
                "the container's own profile may notify a seccomp agent, as with runc");
        JsonNode cg = f.get("linux").get("cgroup");
        assertTrue(
                cg.get("v1").asBoolean() && cg.get("v2").asBoolean(), "cgroups v1 and v2: " + cg);
        assertTrue(cg.get("systemd").asBoolean(), "--systemd-cgroup's path form: " + cg);
        assertFalse(
                cg.get("systemdUser").asBoolean() || cg.get("rdma").asBoolean(),
                "no rootless systemd, no rdma controller: " + cg);
        assertTrue(
                f.get("linux").get("namespaces").toString().contains("\"user\""),
                "user namespaces");
        assertFalse(
                f.get("linux").get("namespaces").toString().contains("time"), "no time namespaces");
        assertTrue(
                f.get("linux").get("capabilities").toString().contains("CAP_MKNOD"),
                "CAP_MKNOD is known (kept under a cgroup v1 device controller)");
        assertTrue(f.get("mountOptions").toString().contains("rbind"), "mount options");
    }

    @Test
    void createWithABadBundleLeavesNothing() throws IOException {
        Path root = tmp.resolve("root");
        Path b = Files.createDirectories(tmp.resolve("b"));
        Path log = tmp.resolve("log.json");
        assertEquals(
                1,
                Main.execute(
                        "--root",
                        root.toString(),
                        "--log",
                        log.toString(),
                        "--log-format",
                        "json",
                        "create",
                        "--bundle",
                        b.toString(),
                        "c1"),
                "no config.json");
        assertTrue(
                JSON.readTree(Files.readAllLines(log).get(0))
                        .get("msg")
                        .asText()
                        .contains("config.json: no such file"),
                "names config.json");
        Files.writeString(
                b.resolve("config.json"),
                "{\"ociVersion\": \"1.0.2\", \"root\": {\"path\": \"rootfs\"},"
                        + " \"process\": {\"args\": [\"sh\"], \"cwd\": \"/\"}, \"linux\": {\"namespaces\": [{\"type\": \"mount\"}]}}");
        assertEquals(
                1,
                Main.execute("--root", root.toString(), "create", "-b", b.toString(), "c1"),
                "no rootfs");
        assertTrue(
                err().contains("root.path: " + b.resolve("rootfs") + ": no such directory"), err());
        assertEquals(
                1,
                Main.execute("--root", root.toString(), "create", "-b", b.toString(), "bad/id"),
                "a bad id");
        assertTrue(err().contains("invalid container id \"bad/id\""), err());
        assertFalse(
                Files.exists(root) && Files.list(root).findAny().isPresent(),
                "nothing under --root");
    }

    @Test
    void deleteForceOfAnUnknownIdSucceeds() {
        String root = tmp.resolve("root").toString();
        assertEquals(
                0,
                Main.execute("--root", root, "delete", "--force", "ghost"),
                "runc: delete --force of nothing is fine");
        assertEquals(
                1,
                Main.execute("--root", root, "delete", "ghost"),
                "without --force it is an error");
        assertTrue(err().contains("container \"ghost\" does not exist"), err());
    }

    @Test
    void pauseResumeAndPsGoThroughTheRecordedCgroup() throws IOException {
        // A container record whose "init" is this JVM and whose cgroup is a plain directory with a
        // freezer file: the commands' wiring without root (the e2e suite has the real kernel).
        Path root = tmp.resolve("root");
        int self = (int) ProcessHandle.current().pid();
        Path cg = Files.createDirectories(tmp.resolve("cg/freezer/c1"));
        Files.writeString(cg.resolve("cgroup.procs"), self + "\n");
        Files.writeString(cg.resolve("freezer.state"), "THAWED\n");
        StateStore store = new StateStore(root);
        HostProcess me = HostProcess.of(self);
        try (StateStore.Locked l = store.create("c1")) {
            store.write(
                    new ContainerState(
                            "1.0.2",
                            "c1",
                            "/b",
                            "/b/rootfs",
                            me.pid(),
                            me.startTime(),
                            0,
                            0,
                            "2026-01-01T00:00:00Z",
                            true,
                            java.util.Map.of(),
                            java.util.Map.of("freezer", cg.toString())));
        }
        String r = root.toString();
        assertEquals(
                0, Main.execute("--root", r, "ps", "--format", "json", "c1"), "ps json\n" + err());
        assertEquals("[" + self + "]", out().trim(), "the pids in the cgroup, as a JSON array");
        assertEquals(0, Main.execute("--root", r, "pause", "c1"), "pause\n" + err());
        assertEquals(
                "FROZEN", Files.readString(cg.resolve("freezer.state")).trim(), "freezer.state");
        assertEquals(0, Main.execute("--root", r, "state", "c1"), "state");
        assertTrue(out().contains("\"status\" : \"paused\""), "state says paused: " + out());
        assertEquals(1, Main.execute("--root", r, "pause", "c1"), "pause twice");
        assertTrue(err().contains("container c1 is already paused"), err());
        assertEquals(0, Main.execute("--root", r, "resume", "c1"), "resume\n" + err());
        assertEquals("THAWED", Files.readString(cg.resolve("freezer.state")).trim(), "thawed");
        assertEquals(1, Main.execute("--root", r, "resume", "c1"), "resume twice");
        assertTrue(err().contains("container not paused"), err());
        assertEquals(1, Main.execute("--root", r, "ps", "--format", "yaml", "c1"), "a bad format");
        assertTrue(err().contains("invalid --format yaml: table or json"), err());
        for (String cmd : List.of("pause", "resume")) {
            assertEquals(1, Main.execute("--root", r, cmd, "ghost"), cmd + " of an unknown id");
        }
        assertTrue(err().contains("container \"ghost\" does not exist"), err());
    }

    @Test
    void listOfAnEmptyRoot() {
        assertEquals(
                0, Main.execute("--root", tmp.resolve("none").toString(), "list"), "list exits 0");
        assertTrue(out().startsWith("ID "), "the table header: " + out());
        assertEquals(
                0,
                Main.execute("--root", tmp.resolve("none").toString(), "list", "--format", "json"),
                "json");
        assertTrue(out().contains("[ ]"), "an empty array: " + out());
    }

    @ParameterizedTest
    @CsvSource({
        "9,9",
        "KILL,9",
        "SIGKILL,9",
        "kill,9",
        "sigterm,15",
        "TERM,15",
        "HUP,1",
        "USR1,10",
        "WINCH,28",
        "RTMIN,34",
        "RTMIN+2,36",
        "64,64"
    })
    void signalNamesAndNumbers(String arg, int number) {
        assertEquals(number, KillCommand.parse(arg), arg);
    }

    @Test
    void badSignalsAreNamed() {
        assertTrue(
                assertThrows(OciException.class, () -> KillCommand.parse("SIGNOPE"))
                        .getMessage()
                        .contains("\"SIGNOPE\""));
        assertThrows(OciException.class, () -> KillCommand.parse("0"));
        assertThrows(OciException.class, () -> KillCommand.parse("65"));
    }
}
