package dev.sluice.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The runc-compatible {@code --log} file: one line per event in logrus's formats, which is what
 * containerd's shim and conmon read back. An error becomes {@code
 * {"level":"error","msg":"...","time":"..."}} with {@code --log-format json}, or {@code time="..."
 * level=error msg="..."} with {@code text}; it is also printed on stderr as {@code sluice:
 * <message>}. Without {@code --log} only stderr gets it.
 */
final class OciLog {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final boolean json;
    private final boolean debug;

    OciLog(Path file, String format, boolean debug) {
        this.file = file;
        this.json = "json".equals(format);
        this.debug = debug;
    }

    void error(String message, PrintWriter stderr) {
        write("error", message);
        stderr.println("sluice: " + message);
        stderr.flush();
    }

    void debug(String message) {
        if (debug) {
            write("debug", message);
        }
    }

    /** The line for {@code level} and {@code message} in this log's format. */
    String format(String level, String message, Instant when) {
        String time = DateTimeFormatter.ISO_INSTANT.format(when);
        if (json) {
            Map<String, String> m = new LinkedHashMap<>();
            m.put("level", level);
            m.put("msg", message);
            m.put("time", time);
            try {
                return JSON.writeValueAsString(m);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
        return "time=\"" + time + "\" level=" + level + " msg=" + quote(message);
    }

    private void write(String level, String message) {
        if (file == null) {
            return;
        }
        try {
            Files.writeString(
                    file,
                    format(level, message, Instant.now()) + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            System.err.println("sluice: cannot write the log " + file + ": " + e.getMessage());
        }
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }
}
