package dev.sluice.oci.spec;

import dev.sluice.oci.OciException;

/**
 * config.json is malformed or asks for something Sluice cannot do. The message is {@code <file>:
 * <field>: <what is wrong>}, e.g. {@code /b/config.json: process.cwd: must be an absolute path, got
 * "tmp"}.
 */
public final class SpecException extends OciException {
    private final String field;

    public SpecException(String file, String field, String problem) {
        super(file + ": " + (field.isEmpty() ? "" : field + ": ") + problem);
        this.field = field;
    }

    /**
     * The field in JSON-path style ({@code mounts[2].destination}), or empty for the whole file.
     */
    public String field() {
        return field;
    }
}
