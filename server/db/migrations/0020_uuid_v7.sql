-- Custom SQL migration file, put your code below! --
-- Time-ordered ids (UUID version 7: 48 bits of Unix milliseconds, then random bits) for tables
-- written on every check-in: a new id lands at the right edge of its primary key instead of on a
-- random page, so a write touches (and logs) one hot page, not a cold one (docs/decisions/021).
CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        placing substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;
